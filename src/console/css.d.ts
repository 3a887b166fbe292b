// Style sheets a lazily loaded screen brings with it (Swagger UI's, D63): Vite emits them beside the chunk.
declare module '*.css';
