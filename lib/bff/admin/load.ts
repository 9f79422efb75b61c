// A server-side read for an admin page that must not crash the page: the data,
// or the fallback with the error for <ErrorNotice>.
import "server-only";

export async function load<T>(fallback: T, read: () => Promise<T>): Promise<{ data: T; error: unknown }> {
  try {
    return { data: await read(), error: null };
  } catch (error) {
    return { data: fallback, error };
  }
}
