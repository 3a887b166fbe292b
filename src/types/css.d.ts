// A stylesheet imported as its URL (`?url`): Vite emits the file and answers its address.
declare module '*.css?url' {
  const url: string;
  export default url;
}
