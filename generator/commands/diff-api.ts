export async function diffApiCommand(): Promise<number> { return 0; }
