/// The checker's catalogue of problems, in alphabetical order.
enum SemanticMessage: DiagnosticMessage {
    case builtinNameTaken(name: String, kind: String)
    case checkComparisonMismatch(left: String, right: String)
    case customTransformerNameTaken(name: String)
    case checkNotBoolean(found: String)
    case checkOperandMismatch(operation: String, found: String)
    case dictionaryKeyNotString(found: String)
    case duplicateDeclaration(name: String)
    case duplicateEnumCase(name: String)
    case duplicateField(name: String, model: String)
    case duplicateInput(input: String, owner: String)
    case duplicateRoot
    case expectedScalar(context: String)
    case integerLiteralOutOfRange(literal: String)
    case invalidArguments(name: String, expected: String)
    case invalidDatePattern(reason: String)
    case invalidLiteral(context: String, reason: String)
    case invalidPattern(reason: String)
    case irreversibleKeyPath(field: String, path: String)
    case irreversibleSharedKey(field: String, other: String, path: String)
    case irreversibleNestedKey(field: String, other: String, path: String, outer: String)
    case irreversibleWholeObject(field: String, other: String)
    case irreversibleTransformer(field: String, transformer: String, reason: String)
    case literalTypeMismatch(context: String, expected: String, found: String)
    case notAModelField(field: String)
    case pipelineOnModel(field: String, type: String)
    case pipelineOutputMismatch(field: String, type: String, output: ValueKind)
    case oneOrManyNotArray(field: String, type: String)
    /// `lossy` on a field that is neither an array nor a dictionary.
    case lossyNotCollection(field: String, type: String)
    /// An operator or `if` given two values it cannot take together.
    case operandsMismatch(operation: String, left: String, right: String)
    /// A clause that reads or fills a value, on a computed field.
    case computedFieldClause(clause: String, field: String)
    /// A computed field whose type no expression gives.
    case computedFieldType(field: String, type: String)
    /// A computed field whose expression gives what its type cannot hold.
    case computedTypeMismatch(field: String, type: String, found: String)
    /// A computed field that reads a computed field declared at or after it.
    case computedFieldOrder(field: String, reference: String)
    /// A computed field that reads the input, which reverse mapping cannot write back.
    case irreversibleComputedField(field: String)
    /// A second stage that changes a value's shape in one pipeline.
    case secondReshapingStage(transformer: String)
    /// A pipeline that changes a value's shape into one the field cannot hold.
    case reshapingMismatch(field: String, type: String, transformer: String, gives: String)
    /// Models that read one another `from $` in a cycle, which would never end.
    case wholeObjectCycle(field: String)
    /// Models that flatten one another in a cycle, which would write a key twice.
    case flattenCycle(field: String)
    /// A chain of models read `from $` longer than the limit.
    case wholeObjectTooDeep(field: String, limit: Int)
    /// A chain of flattened models longer than the limit.
    case flattenTooDeep(field: String, limit: Int)
    /// `from $` among other paths of a `from` clause.
    case wholeObjectNotAlone(field: String)
    /// `oneOrMany` on a field whose pipeline reads the key's whole value.
    case oneOrManyWithReshaping(field: String)
    /// A check that reads the input, which reverse mapping cannot give it.
    case irreversibleInputCheck
    /// `from $` on a field that cannot hold an object.
    case wholeObjectType(field: String, type: String)
    /// `flatten` on a field that is not a model.
    case flattenNotModel(field: String, type: String)
    /// A flattened model's field named like another field of the output it is written into.
    case flattenNameClash(field: String, name: String, other: String)
    case recursiveTransform(cycle: [String])
    case transformTooDeep(name: String, limit: Int)
    case transformTooLong(name: String, limit: Int)
    case pipelineTooLong(limit: Int)
    case ruleTypeMismatch(rule: String, expected: String, field: String, type: String)
    case settingNotAllowedInModel(setting: String)
    case settingNotAllowedInFile(setting: String)
    case inheritanceCycle(cycle: [String])
    case inheritanceTooDeep(model: String, limit: Int)
    /// Models that together copy more members from the models they extend than the limit.
    case inheritanceTooLarge(model: String, limit: Int)
    case catchAllFieldInvalid(field: String, reason: String)
    case discriminatorFieldClash(model: String, key: String)
    case tableOutputsDiffer(table: String)
    case transformerInputMismatch(transformer: String, accepts: [ValueKind], found: ValueKind, producer: String)
    case unexpectedArguments(name: String)
    case unknownEnumCase(name: String, enumName: String, suggestion: String?)
    case unknownField(name: String, model: String?, suggestion: String?)
    case unknownFunction(name: String, suggestion: String?)
    case unknownModel(name: String, suggestion: String?)
    case unknownNamingStrategy(name: String, suggestion: String?, known: [String])
    case unknownRule(name: String, suggestion: String?)
    case unknownTransformer(name: String, suggestion: String?)
    case unknownType(name: String, suggestion: String?)
    /// A field named like a word of checks (`and`, `or`, `not`, `else`), which no check could name.
    case reservedFieldName(name: String)
    /// Two tests of one rules file have the same name.
    case duplicateTest(name: String)
    /// A test's `errors` lists none.
    case emptyTestErrors
    /// A test lacks its input, or both its `output` and its `errors`.
    case incompleteTest(test: String, missing: TestClause)
    /// An expected error's path is no JSON path.
    case invalidTestPath(path: String)
    /// A test file's path is absolute, leaves the rules file's folder, or names no file.
    case testFilePath(path: String, problem: TestPathProblem)
    /// A test gives both `output` and `errors`.
    case testOutputAndErrors(test: String)
    /// A test names no model, and the rules have no root.
    case testWithoutModel(test: String)
    /// A test's JSON holds a bare word or a range; `word` is the word.
    case testValueNotJSON(found: String, word: String?)
    /// A rules file holds more tests than the limit.
    case tooManyTests(limit: Int)

    /// What a test lacks.
    enum TestClause {
        /// `input`.
        case input
        /// Both `output` and `errors`.
        case expectation
    }

    /// Why a test file's path may not be read.
    enum TestPathProblem {
        /// It starts with `/`.
        case absolute
        /// Its `..` leave the rules file's folder.
        case outside
        /// It is empty or names the folder itself.
        case noFile
    }

    var code: String {
        switch self {
        case .builtinNameTaken: "builtin-name-taken"
        case .checkComparisonMismatch: "check-comparison-mismatch"
        case .customTransformerNameTaken: "custom-transformer-name-taken"
        case .checkNotBoolean: "check-not-boolean"
        case .checkOperandMismatch: "check-operand-mismatch"
        case .dictionaryKeyNotString: "dictionary-key-not-string"
        case .duplicateDeclaration: "duplicate-declaration"
        case .duplicateEnumCase: "duplicate-enum-case"
        case .duplicateField: "duplicate-field"
        case .duplicateInput: "duplicate-input"
        case .duplicateRoot: "duplicate-root"
        case .expectedScalar: "expected-scalar"
        case .integerLiteralOutOfRange: "literal-out-of-range"
        case .invalidArguments: "invalid-arguments"
        case .invalidDatePattern: "invalid-date-pattern"
        case .invalidLiteral: "invalid-literal"
        case .invalidPattern: "invalid-pattern"
        case .irreversibleKeyPath: "irreversible-key-path"
        case .irreversibleSharedKey, .irreversibleNestedKey, .irreversibleWholeObject: "irreversible-shared-key"
        case .irreversibleTransformer: "irreversible-transformer"
        case .literalTypeMismatch: "literal-type-mismatch"
        case .notAModelField: "not-a-model-field"
        case .pipelineOnModel: "pipeline-on-model"
        case .reservedFieldName: "reserved-field-name"
        case .pipelineOutputMismatch: "pipeline-output-mismatch"
        case .oneOrManyNotArray: "one-or-many-not-array"
        case .lossyNotCollection: "lossy-not-collection"
        case .operandsMismatch: "operands-mismatch"
        case .computedFieldClause: "computed-field-clause"
        case .computedFieldType: "computed-field-type"
        case .computedTypeMismatch: "computed-type-mismatch"
        case .computedFieldOrder: "computed-field-order"
        case .irreversibleComputedField: "irreversible-computed-field"
        case .wholeObjectType: "whole-object-type"
        case .wholeObjectNotAlone: "whole-object-not-alone"
        case .wholeObjectCycle: "whole-object-cycle"
        case .flattenCycle: "flatten-cycle"
        case .wholeObjectTooDeep: "whole-object-too-deep"
        case .flattenTooDeep: "flatten-too-deep"
        case .oneOrManyWithReshaping: "one-or-many-reshaping"
        case .irreversibleInputCheck: "irreversible-input-check"
        case .secondReshapingStage: "second-reshaping-stage"
        case .reshapingMismatch: "reshaping-mismatch"
        case .flattenNotModel: "flatten-not-model"
        case .flattenNameClash: "flatten-name-clash"
        case .recursiveTransform: "recursive-transform"
        case .transformTooDeep: "transform-too-deep"
        case .transformTooLong, .pipelineTooLong: "transform-too-long"
        case .ruleTypeMismatch: "rule-type-mismatch"
        case .settingNotAllowedInModel, .settingNotAllowedInFile: "setting-not-allowed"
        case .inheritanceCycle: "inheritance-cycle"
        case .inheritanceTooDeep: "inheritance-too-deep"
        case .inheritanceTooLarge: "inheritance-too-large"
        case .catchAllFieldInvalid: "catch-all-field"
        case .discriminatorFieldClash: "discriminator-clash"
        case .tableOutputsDiffer: "table-outputs-differ"
        case .transformerInputMismatch: "transformer-input-mismatch"
        case .unexpectedArguments: "unexpected-arguments"
        case .unknownEnumCase: "unknown-enum-case"
        case .unknownField: "unknown-field"
        case .unknownFunction: "unknown-function"
        case .unknownModel: "unknown-model"
        case .unknownNamingStrategy: "unknown-naming-strategy"
        case .unknownRule: "unknown-rule"
        case .unknownTransformer: "unknown-transformer"
        case .unknownType: "unknown-type"
        case .duplicateTest: "duplicate-test"
        case .emptyTestErrors: "empty-test-errors"
        case .incompleteTest: "incomplete-test"
        case .invalidTestPath: "invalid-test-path"
        case .testFilePath: "test-file-path"
        case .testOutputAndErrors: "test-output-and-errors"
        case .testWithoutModel: "test-without-model"
        case .testValueNotJSON: "test-value-not-json"
        case .tooManyTests: "too-many-tests"
        }
    }

    var message: String {
        switch self {
        case .builtinNameTaken(let name, let kind):
            "`\(name)` is the name of a built-in \(kind)"
        case .customTransformerNameTaken(let name):
            "`\(name)` is the name of a transformer registered from Swift"
        case .checkComparisonMismatch(let left, let right):
            "cannot compare \(left) with \(right)"
        case .checkNotBoolean(let found):
            "a check must be a condition, but this is \(found)"
        case .checkOperandMismatch(let operation, let found):
            "\(operation) cannot apply to \(found)"
        case .dictionaryKeyNotString(let found):
            "dictionary keys must be `String`, not `\(found)`"
        case .duplicateDeclaration(let name):
            "`\(name)` is declared more than once"
        case .duplicateEnumCase(let name):
            "the case `\(name)` is declared more than once"
        case .duplicateField(let name, let model):
            "`\(model)` declares the field `\(name)` more than once"
        case .reservedFieldName(let name):
            "a field cannot be named `\(name)`: checks read it as a word of their own"
        case .duplicateInput(let input, let owner):
            "\(input) is listed more than once in \(owner)"
        case .duplicateRoot:
            "the root model is set more than once"
        case .expectedScalar(let context):
            "\(context) must be a string, number or boolean"
        case .integerLiteralOutOfRange(let literal):
            "\(literal) is out of range for its type"
        case .invalidArguments(let name, let expected):
            "`\(name)` takes \(expected)"
        case .invalidDatePattern(let reason):
            "invalid date pattern: \(reason)"
        case .invalidLiteral(let context, let reason):
            "invalid \(context): \(reason)"
        case .irreversibleKeyPath(let field, let path):
            "`\(field)` cannot be mapped back: its key path `\(path)` has an index"
        case .irreversibleSharedKey(let field, let other, let path):
            "`\(field)` cannot be mapped back: `\(other)` is written back at the same key `\(path)`, and only one value fits there"
        case .irreversibleNestedKey(let field, let other, let path, let outer):
            "`\(field)` cannot be mapped back: its key path `\(path)` runs through `\(outer)`, where `\(other)` is written back, and a value that is not an object holds no key"
        case .irreversibleWholeObject(let field, let other):
            "`\(field)` cannot be mapped back: it is read from the whole object (`from $`), into which `\(other)` is written back too, and only one of them fits there"
        case .irreversibleTransformer(let field, let transformer, let reason):
            "`\(field)` cannot be mapped back through `\(transformer)`: \(reason)"
        case .invalidPattern(let reason):
            "invalid regular expression: \(reason)"
        case .literalTypeMismatch(let context, let expected, let found):
            "the \(context) must be of type `\(expected)`, but it is \(found)"
        case .notAModelField(let field):
            "`\(field)` is not a model, so it has no fields"
        case .pipelineOnModel(let field, let type):
            "transformers apply to values, but `\(field)` holds the model `\(type)`"
        case .pipelineOutputMismatch(let field, let type, let output):
            "the field `\(field)` is `\(type)`, but its transformers produce a \(output)"
        case .oneOrManyNotArray(let field, let type):
            "`oneOrMany` reads a single value as an array of one, but `\(field)` is `\(type)`, not an array"
        case .operandsMismatch(let operation, let left, let right):
            "\(operation) cannot take \(left) and \(right) together"
        case .computedFieldClause(let clause, let field):
            "`\(field)` is computed from its expression, so it cannot also have `\(clause)`"
        case .computedFieldType(let field, let type):
            "the computed field `\(field)` cannot be `\(type)`: an expression gives a String, a number, a Bool, a Date, a URL, an enum case or JSON"
        case .computedTypeMismatch(let field, let type, let found):
            "the expression gives \(found), which the field `\(field): \(type)` cannot hold"
        case .computedFieldOrder(let field, let reference) where field == reference:
            "the computed field `\(field)` reads itself"
        case .computedFieldOrder(let field, let reference):
            "`\(field)` reads the computed field `\(reference)`, which is worked out after it"
        case .irreversibleComputedField(let field):
            "the computed field `\(field)` reads the input with `$.`, which the model's fields do not hold, so reverse mapping cannot write it back"
        case .secondReshapingStage(let transformer):
            "`\(transformer)` changes the value's shape, which a stage before it has done already"
        case .reshapingMismatch(let field, let type, let transformer, let gives):
            "`\(transformer)` gives \(gives), which the field `\(field): \(type)` cannot hold"
        case .wholeObjectCycle(let field):
            "`\(field)` reads a model `from $` that reads, through `from $`, the model `\(field)` is in: reading it would never end"
        case .wholeObjectTooDeep(let field, let limit):
            "`\(field)` reads `from $` a model that starts a chain of \(limit) models read `from $`; a chain may hold at most \(limit)"
        case .flattenTooDeep(let field, let limit):
            "`\(field)` flattens a model that starts a chain of \(limit) flattened models; a chain may hold at most \(limit)"
        case .flattenCycle(let field):
            "`\(field)` flattens a model that flattens, in turn, the model `\(field)` is in: its keys would be written twice"
        case .wholeObjectNotAlone(let field):
            "`from $` reads the object itself, which is always there, so `\(field)` can read no other path"
        case .oneOrManyWithReshaping(let field):
            "`oneOrMany` reads a single value as an array of one, but `\(field)`'s pipeline reads the key's whole value"
        case .irreversibleInputCheck:
            "this check reads the input with `$.`, which reverse mapping does not write, so it cannot be run on what reverse mapping writes"
        case .wholeObjectType(let field, let type):
            "`from $` reads the whole object, which the field `\(field): \(type)` cannot hold"
        case .flattenNotModel(let field, let type):
            "`flatten` writes a model's fields into the enclosing object, but `\(field)` is `\(type)`"
        case .flattenNameClash(let field, let name, let other):
            "`flatten` would write the field `\(name)` of `\(field)` where \(other) is written"
        case .lossyNotCollection(let field, let type):
            "`lossy` drops the elements of an array or dictionary that fail to map, but `\(field)` is `\(type)`"
        case .recursiveTransform(let cycle):
            "the transformer `\(cycle[0])` uses itself: " + Self.chain(cycle)
        case .transformTooDeep(let name, let limit):
            "the transformer `\(name)` is built from transformers nested more than \(limit) deep"
        case .transformTooLong(let name, let limit):
            "the transformer `\(name)` expands to more than \(MappingProblem.grouped(limit)) stages"
        case .pipelineTooLong(let limit):
            "these transformers expand to more than \(MappingProblem.grouped(limit)) stages"
        case .ruleTypeMismatch(let rule, let expected, let field, let type):
            "`\(rule)` applies to \(expected), but `\(field)` is `\(type)`"
        case .settingNotAllowedInModel(let setting):
            "`\(setting)` can only be set for the whole file"
        case .settingNotAllowedInFile(let setting):
            "`\(setting)` can only be set in a model"
        case .inheritanceCycle(let cycle):
            "the model `\(cycle[0])` extends itself: " + Self.chain(cycle)
        case .inheritanceTooLarge(let model, let limit):
            "with `\(model)`, the models copy more than \(MappingProblem.grouped(limit)) fields, settings and checks from the models they extend"
        case .inheritanceTooDeep(let model, let limit):
            "the model `\(model)` is the \(limit + 1)th of a chain of models that extend one another; at most \(limit) may"
        case .catchAllFieldInvalid(let field, let reason):
            "`\(field)` cannot keep the unknown keys: \(reason)"
        case .discriminatorFieldClash(let model, let key):
            "`\(model)` has a field `\(key)`, the name its choice writes the discriminator under"
        case .tableOutputsDiffer(let table):
            "every row of the table `\(table)` must give the same type"
        case .transformerInputMismatch(let transformer, let accepts, let found, let producer):
            "`\(transformer)` reads "
                + accepts.map { "a \($0)" }.joined(separator: " or ")
                + ", but `\(producer)` produces a \(found)"
        case .unexpectedArguments(let name):
            "`\(name)` takes no arguments"
        case .unknownEnumCase(let name, let enumName, _):
            "`\(enumName)` has no case `\(name)`"
        case .unknownField(let name, let model, _):
            model.map { "`\($0)` has no field `\(name)`" } ?? "unknown field `\(name)`"
        case .unknownFunction(let name, _):
            "unknown function `\(name)`"
        case .unknownModel(let name, _):
            "unknown model `\(name)`"
        case .unknownNamingStrategy(let name, _, _):
            "unknown key naming strategy `\(name)`"
        case .unknownRule(let name, _):
            "unknown rule `\(name)`"
        case .unknownTransformer(let name, _):
            "unknown transformer `\(name)`"
        case .unknownType(let name, _):
            "unknown type `\(name)`"
        case .duplicateTest(let name):
            "the test \(JSONPath.quoted(name)) is declared more than once in this file"
        case .emptyTestErrors:
            "the test expects errors but lists none"
        case .incompleteTest(let test, .input):
            "the test \(JSONPath.quoted(test)) has no `input`"
        case .incompleteTest(let test, .expectation):
            "the test \(JSONPath.quoted(test)) says neither its `output` nor its `errors`"
        case .invalidTestPath(let path):
            "\(JSONPath.quoted(path)) is not a JSON path"
        case .testFilePath(let path, .absolute):
            "the test file \(JSONPath.quoted(path)) is an absolute path"
        case .testFilePath(let path, .outside):
            "the test file \(JSONPath.quoted(path)) is outside the rules file's folder"
        case .testFilePath(let path, .noFile):
            "the test file path \(JSONPath.quoted(path)) names no file"
        case .testOutputAndErrors(let test):
            "the test \(JSONPath.quoted(test)) gives both its `output` and its `errors`"
        case .testWithoutModel(let test):
            "the test \(JSONPath.quoted(test)) names no model, and the rules have no root model"
        case .testValueNotJSON(let found, _):
            "a test's JSON cannot hold \(found)"
        case .tooManyTests(let limit):
            "a rules file may hold at most \(MappingProblem.grouped(limit)) tests"
        }
    }

    var help: String? {
        switch self {
        case .unknownEnumCase(_, _, let suggestion?), .unknownField(_, _, let suggestion?),
            .unknownFunction(_, let suggestion?), .unknownModel(_, let suggestion?), .unknownRule(_, let suggestion?),
            .unknownTransformer(_, let suggestion?), .unknownType(_, let suggestion?):
            "did you mean `\(suggestion)`?"
        case .unknownNamingStrategy(_, let suggestion, let known):
            suggestion.map { "did you mean `\($0)`?" }
                ?? "use one of " + known.map { "`\($0)`" }.joined(separator: ", ")
        case .pipelineOnModel:
            "map the model's own fields instead"
        case .reservedFieldName(let name):
            "name the field otherwise and read the key with `from \"\(name)\"`"
        case .dictionaryKeyNotString:
            "JSON object keys are always strings: write `[String: T]`"
        case .inheritanceTooLarge:
            "each model compiles again what it copies: group the shared fields in a model that a field holds, or extend the large model less often"
        case .inheritanceTooDeep:
            "each model copies the fields of the models it extends: extend fewer levels"
        case .transformTooDeep:
            "declare fewer levels: a transformer may list the stages of the ones it uses"
        case .oneOrManyNotArray:
            "make the field an array, `[T]` or `[T]?`, or leave out `oneOrMany`"
        case .lossyNotCollection:
            "make the field `[T]` or `[String: T]` (optional or not), or leave out `lossy`"
        case .operandsMismatch(_, let left, let right):
            left == "a String" || right == "a String"
                ? "turn a value into text with `string(…)`, or a text into a number with `int(…)`, `double(…)` or `decimal(…)`"
                : nil
        case .computedFieldClause(let clause, _):
            clause == "default" ? "give a fallback in the expression: `a ?? value`" : "leave out `\(clause)`"
        case .computedFieldType:
            "compute the parts as fields of their own, or read the value with `from`"
        case .computedTypeMismatch:
            "convert the value with `string(…)`, `int(…)`, `double(…)` or `decimal(…)`, or change the field's type"
        case .computedFieldOrder(let field, let reference) where field == reference:
            "work it out from other fields"
        case .computedFieldOrder(_, let reference):
            "declare `\(reference)` before it"
        case .irreversibleComputedField:
            "declare a field that reads the key, and compute from that field"
        case .wholeObjectType:
            "make the field a model, a choice or `JSON`"
        case .wholeObjectNotAlone:
            "write `from $` alone"
        case .wholeObjectCycle:
            "read the nested model from a key of its own"
        case .wholeObjectTooDeep:
            "each model gathers the keys of the models it reads `from $`: read some of them from keys of their own"
        case .flattenTooDeep:
            "each model gathers the keys of the models it flattens: leave out `flatten` on some of the fields"
        case .flattenCycle:
            "leave out `flatten` on one of the fields"
        case .oneOrManyWithReshaping:
            "leave out `oneOrMany`, or the `split`, `join` or `json` stage"
        case .irreversibleInputCheck:
            "check a field that reads the key instead"
        case .secondReshapingStage:
            "one pipeline may `split`, `join` or read `json` once"
        case .reshapingMismatch(_, _, let transformer, _):
            transformer == "split" ? "make the field an array, such as `[String]`" : "make the field a `String`"
        case .flattenNotModel:
            "make the field a model, `M` or `M?`, or leave out `flatten`"
        case .flattenNameClash:
            "rename one of the fields, or leave out `flatten`"
        case .transformTooLong, .pipelineTooLong:
            "each transformer is copied wherever it is used: use the long ones fewer times"
        case .duplicateTest:
            "give each test a name of its own"
        case .emptyTestErrors:
            "list each error as `\"code\" at \"$.path\"`; a test that expects none gives its `output`"
        case .incompleteTest(_, .input):
            "give the JSON to map: `input { … }`, or `input file \"sample.json\"`"
        case .incompleteTest(_, .expectation):
            "say what mapping the input gives: `output { … }`, or the errors with `errors { \"code\" at \"$.path\" }`"
        case .invalidTestPath:
            "write the path as errors show it: `$`, then `.key`, `[\"any key\"]` and `[3]`, as in `$.items[3].name`"
        case .testFilePath(_, .absolute), .testFilePath(_, .noFile):
            "write the file's path from the rules file's folder, such as `samples/issue.json`"
        case .testFilePath(_, .outside):
            "keep a test's files in the rules file's folder or below it"
        case .testOutputAndErrors:
            "a test expects an output or errors: keep one"
        case .testWithoutModel:
            "name the model with `model NAME`, or declare `root NAME`"
        case .testValueNotJSON(_, let word?):
            "write it as a string: `\"\(word)\"`"
        case .testValueNotJSON(_, nil):
            "write the JSON the test reads or expects: strings, numbers, `true`, `false`, `null`, arrays and objects"
        case .tooManyTests:
            "move some of the tests to a `tests/` folder or to another rules file"
        case .builtinNameTaken, .checkComparisonMismatch, .customTransformerNameTaken, .checkNotBoolean, .checkOperandMismatch,
            .duplicateDeclaration, .duplicateEnumCase, .duplicateField, .duplicateInput, .duplicateRoot,
            .expectedScalar, .integerLiteralOutOfRange, .invalidArguments, .invalidDatePattern, .invalidLiteral,
            .invalidPattern, .irreversibleKeyPath, .irreversibleSharedKey, .irreversibleNestedKey, .irreversibleWholeObject,
            .irreversibleTransformer, .literalTypeMismatch, .notAModelField, .pipelineOutputMismatch, .recursiveTransform,
            .ruleTypeMismatch, .settingNotAllowedInModel, .settingNotAllowedInFile, .inheritanceCycle,
            .catchAllFieldInvalid, .discriminatorFieldClash, .tableOutputsDiffer, .transformerInputMismatch,
            .unexpectedArguments, .unknownEnumCase, .unknownField, .unknownFunction, .unknownModel, .unknownRule,
            .unknownTransformer, .unknownType:
            nil
        }
    }

    /// A cycle of names as `a` → `b` → `a`; a long one shows its first eight
    /// and its last, and how many are left out between.
    static func chain(_ names: [String]) -> String {
        let quoted = names.map { "`\($0)`" }
        guard quoted.count > 10 else { return quoted.joined(separator: " → ") }
        return (quoted.prefix(8) + ["… \(MappingProblem.grouped(quoted.count - 9)) more …", quoted[quoted.count - 1]])
            .joined(separator: " → ")
    }
}
