// lib/postman/collection.ts sets its randomness and date formats.
declare module 'openapi-to-postmanv2/assets/json-schema-faker.js' {
  const schemaFaker: {
    option(options: {random: () => number}): void;
    format(generators: Record<string, () => string>): void;
  };
  export default schemaFaker;
}
