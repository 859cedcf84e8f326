/**
 * `npm run openapi:responses`: writes server/modules/openapi/responses.gen.json, the JSON Schema of every operation's
 * success answer, read by the TypeScript compiler from the routes' own types (`ApiSchema` in server/app.ts, what the
 * PWA's typed client is checked against): what a handler answers is what the OpenAPI document says it answers
 * (decision 082). Named contract types become shared component schemas. Run it after changing what a route answers;
 * the OpenAPI test fails on an operation it does not describe.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUTPUT = path.join(ROOT, 'server/modules/openapi/responses.gen.json');

type Schema = Record<string, unknown>;

const configPath = ts.findConfigFile(ROOT, ts.sys.fileExists, 'tsconfig.json')!;
const parsed = ts.getParsedCommandLineOfConfigFile(configPath, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined })!;
const program = ts.createProgram({ rootNames: [path.join(ROOT, 'server/app.ts')], options: { ...parsed.options, noEmit: true } });
const checker = program.getTypeChecker();
const app = program.getSourceFile(path.join(ROOT, 'server/app.ts'))!;
const apiSchema = checker.getExportsOfModule(checker.getSymbolAtLocation(app)!).find((symbol) => symbol.name === 'ApiSchema')!;

const components: Record<string, Schema> = {};
/** Component names by the type they stand for; a name already taken by another type gets a number. */
const names = new Map<ts.Type, string>();

/** A type worth a component of its own: an interface or a type alias of the contract, not a generic helper. */
function componentName(type: ts.Type): string | undefined {
  const symbol = type.aliasSymbol ?? type.getSymbol();
  const declaration = symbol?.declarations?.[0];
  if (!symbol || !declaration || type.aliasTypeArguments?.length) return undefined;
  if (!declaration.getSourceFile().fileName.includes('/src/contract/')) return undefined;
  if (!ts.isInterfaceDeclaration(declaration) && !ts.isTypeAliasDeclaration(declaration)) return undefined;
  return symbol.name;
}

const isUndefined = (type: ts.Type) => (type.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)) !== 0;

function literalSchema(types: readonly ts.Type[]): Schema | undefined {
  if (!types.every((type) => type.isLiteral() || type.flags & ts.TypeFlags.BooleanLiteral || type.flags & ts.TypeFlags.Null))
    return undefined;
  const values = types.map((type) =>
    type.isLiteral() ? type.value : type.flags & ts.TypeFlags.Null ? null : checker.typeToString(type) === 'true',
  );
  if (values.length === 2 && values.includes(true) && values.includes(false)) return { type: 'boolean' };
  return values.length === 1 ? { const: values[0] } : { enum: values };
}

function schemaOf(type: ts.Type): Schema {
  const name = componentName(type);
  if (!name) return convert(type);
  if (!names.has(type)) {
    let unique = name;
    for (let n = 2; unique in components; n += 1) unique = `${name}${n}`;
    names.set(type, unique);
    components[unique] = {};
    components[unique] = convert(type);
  }
  return { $ref: `#/components/schemas/${names.get(type)}` };
}

function convert(type: ts.Type): Schema {
  const flags = type.flags;
  if (flags & ts.TypeFlags.Any || flags & ts.TypeFlags.Unknown) return {};
  if (flags & ts.TypeFlags.String) return { type: 'string' };
  if (flags & ts.TypeFlags.Number) return { type: 'number' };
  if (flags & ts.TypeFlags.Boolean) return { type: 'boolean' };
  if (flags & ts.TypeFlags.Null) return { type: 'null' };
  if (type.isLiteral() || flags & ts.TypeFlags.BooleanLiteral) return literalSchema([type])!;
  if (type.isUnion()) {
    const members = type.types.filter((member) => !isUndefined(member));
    const literals = literalSchema(members);
    if (literals) return literals;
    // A boolean comes as true | false among the others.
    const trueAndFalse = members.filter((member) => member.flags & ts.TypeFlags.BooleanLiteral);
    const rest = members.filter((member) => !(member.flags & ts.TypeFlags.BooleanLiteral));
    const options = [...(trueAndFalse.length === 2 ? [{ type: 'boolean' }] : trueAndFalse.map(convert)), ...rest.map(schemaOf)];
    return options.length === 1 ? options[0]! : { anyOf: options };
  }
  if (checker.isArrayType(type)) return { type: 'array', items: schemaOf(checker.getTypeArguments(type as ts.TypeReference)[0]!) };
  if (checker.isTupleType(type)) {
    const items = checker.getTypeArguments(type as ts.TypeReference).map(schemaOf);
    return { type: 'array', prefixItems: items, minItems: items.length, maxItems: items.length };
  }
  if (flags & (ts.TypeFlags.Object | ts.TypeFlags.Intersection)) {
    const properties: Record<string, Schema> = {};
    const required: string[] = [];
    for (const property of checker.getPropertiesOfType(type)) {
      const propertyType = checker.getTypeOfSymbol(property);
      const optional = (property.flags & ts.SymbolFlags.Optional) !== 0 || (propertyType.isUnion() && propertyType.types.some(isUndefined));
      properties[property.name] = schemaOf(propertyType);
      if (!optional) required.push(property.name);
    }
    const index = checker.getIndexTypeOfType(type, ts.IndexKind.String);
    return {
      type: 'object',
      ...(Object.keys(properties).length && { properties }),
      ...(required.length && { required }),
      ...(index ? { additionalProperties: schemaOf(index) } : {}),
    };
  }
  throw new Error(`No JSON Schema for ${checker.typeToString(type)}`);
}

/**
 * `{ json: schema }` for a JSON answer, `{ redirect: true }` for a 303 (the sign-in form's post, decision 100),
 * `{ file: true }` for a file the handler streams or sends as bytes.
 */
const operations: Record<string, { json: Schema } | { redirect: true } | { file: true }> = {};
for (const route of checker.getPropertiesOfType(checker.getDeclaredTypeOfSymbol(apiSchema))) {
  const path = route.name.replace(/:(\w+)/g, '{$1}');
  for (const method of checker.getPropertiesOfType(checker.getTypeOfSymbol(route))) {
    const endpoint = checker.getTypeOfSymbol(method);
    const success = (endpoint.isUnion() ? endpoint.types : [endpoint]).filter((variant) => {
      const status = checker.typeToString(checker.getTypeOfSymbol(variant.getProperty('status')!));
      return !/ClientError|^4\d\d$/.test(status);
    });
    const format = (variant: ts.Type) => checker.typeToString(checker.getTypeOfSymbol(variant.getProperty('outputFormat')!));
    const json = success.filter((variant) => format(variant) === '"json"');
    const key = `${method.name.slice(1)} ${path}`;
    operations[key] = json.length
      ? { json: schemaOf(checker.getTypeOfSymbol(json[0]!.getProperty('output')!)) }
      : success.length && success.every((variant) => format(variant) === '"redirect"')
        ? { redirect: true }
        : { file: true };
  }
}

writeFileSync(OUTPUT, `${JSON.stringify({ operations, components }, null, 2)}\n`);
process.stdout.write(
  `${Object.keys(operations).length} operations, ${Object.keys(components).length} component schemas → ${path.relative(ROOT, OUTPUT)}\n`,
);
