export async function checkCommand(): Promise<number> { return 0; }
