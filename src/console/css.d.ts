// Style sheets a lazily loaded screen brings with it (Swagger UI's, docs/adr/0063-api-docs-sign-in-web-services.md): Vite emits them beside the chunk.
declare module '*.css';
