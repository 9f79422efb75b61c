export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

export declare function startEmbeddedPostgres(opts: {
  dataDir: string;
  port: number;
  database?: string;
  onProgress?: (msg: string) => void;
}): Promise<EmbeddedDatabase>;
