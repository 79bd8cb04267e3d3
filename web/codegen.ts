import type { CodegenConfig } from '@graphql-codegen/cli';

/**
 * Typed GraphQL documents for the web (`npm run codegen`, run by build, typecheck and dev):
 * scripts/api-schema.mjs composes services/*\/schema.graphql into the API schema the gateway
 * serves, and the client preset types every `graphql(...)` document under src against it. A
 * document that does not match the schema fails here, and so fails the build. See README.md.
 */
const config: CodegenConfig = {
  schema: 'src/gql/api-schema.graphql',
  documents: ['src/**/*.{ts,tsx}', '!src/gql/**'],
  ignoreNoDocuments: false,
  generates: {
    'src/gql/': {
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        onlyOperationTypes: true,
        strictScalars: true,
        scalars: { DateTime: 'string', JSONObject: 'Record<string, unknown>' },
      },
    },
    // Which types implement each interface or union: Apollo's cache needs it to match a fragment
    // on an interface (ClassSessionCore); generated, so it never drifts from the schema.
    'src/gql/possible-types.ts': {
      plugins: ['fragment-matcher'],
      config: { module: 'es2015', useExplicitTyping: true },
    },
  },
  silent: false,
};

export default config;
