export declare function isLoopbackHost(host: string): boolean;
export declare function checkListenAddress(environment: Record<string, string | undefined>): {
  verdict: "ok" | "warn" | "refuse";
  message: string;
};
