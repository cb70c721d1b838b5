/// Starter rules from sample JSON: `maplang infer`.
///
/// Every position of the sample (the records, a key of theirs, an array's
/// elements) is looked at across all the values found there, so records
/// of an array are merged: a key missing or `null` in some is optional.
/// - An object becomes a model named after its key (singular for an
///   array's elements), or a `[String: T]` dictionary when its keys vary
///   (all numeric, or many keys each in few objects); objects of an array
///   whose string field names their type (`type`, `kind`…) and whose
///   shapes differ by it become a choice on that field.
/// - A string becomes a `Date using iso8601` when every value is an
///   ISO-8601 date, a `URL` when every one is an `http(s)` URL, an `enum`
///   when a few values recur over many records, else a `String`.
/// - A number becomes an `Int` when every value is an integer in 64 bits
///   (a `Date using timestamp` when its key names a time), a `Decimal`
///   past that, a `Double` otherwise; values of several JSON types, `JSON`.
/// - `keys snake_case` when the sample's keys are mostly snake case; a
///   field says `from` only where its name does not give its key.
///
/// The text is laid out by the formatter and checked before it is
/// returned, so `maplang fmt` leaves it as it is and `maplang check` finds
/// nothing in it.
package struct RulesInference {
    /// What to infer.
    package struct Options: Sendable {
        /// The root model's or choice's name; `Record` when `nil`.
        package var root: String?
        /// The sample's name, for the comment at the top.
        package var sampleName = "the sample"

        /// The defaults.
        package init() {}
    }

    /// Why no rules can be inferred from a sample.
    package enum Problem: Error, Sendable, Equatable {
        /// A record, by its place among the records, is not an object.
        case recordsAreNotObjects(found: String, record: Int)
        /// The sample holds no record.
        case noRecords
        /// `Options.root` is not a name a model can take.
        case invalidRootName(String)
        /// The rules written do not check: a mistake of the inference, with the checker's messages.
        case unchecked(String)
        /// The rules would be larger than a rules file may be (`Rules.maximumSourceBytes`); their size.
        case tooLarge(bytes: Int)
    }

    /// A field of a model being inferred; two are the same only when
    /// their keys have the same bytes, as keys are read.
    struct Field: Hashable {
        /// The field's name.
        var name: String
        /// The key it reads.
        var key: String {
            get { exactKey.string }
            set { exactKey = ExactKey(string: newValue) }
        }
        /// The key, compared by its bytes.
        private var exactKey: ExactKey
        /// Its type, without `?`.
        var type: String
        /// Whether it is optional.
        var optional: Bool
        /// Its transformer, if any.
        var transformer: String?

        /// A field.
        init(name: String, key: String, type: String, optional: Bool, transformer: String?) {
            self.name = name
            self.exactKey = ExactKey(string: key)
            self.type = type
            self.optional = optional
            self.transformer = transformer
        }
    }

    /// A model being inferred.
    struct Model {
        /// Its name.
        var name: String
        /// Its fields, in the order their keys first appear.
        var fields: [Field]
    }

    /// An enum inferred from a string field's values.
    struct Enumeration {
        /// Its name.
        var name: String
        /// The values, in the order they first appear.
        var values: [String]
    }

    /// A choice inferred from objects whose string field names their type.
    struct Choice {
        /// Its name.
        var name: String
        /// The discriminator's key.
        var key: String
        /// Each value and the model it picks.
        var variants: [Variant]
    }

    /// A discriminator value and the model it picks.
    struct Variant {
        /// The value.
        var value: String
        /// The model's name.
        var model: String
    }

    /// How fields' names give their keys.
    let strategy: NamingStrategy
    /// The models so far, in the order they were begun.
    var models: [Model] = []
    /// The enums so far.
    var enums: [Enumeration] = []
    /// The choices so far.
    var choices: [Choice] = []
    /// Every name a declaration has taken, and the built-in types'.
    var names = UniqueNames(reserved: InferenceNames.builtinTypes)
    /// Each model with fields by its fields, so that objects of the same
    /// fields under another key are read by the same model.
    var modelsByFields: [[Field]: String] = [:]
    /// Each enum by its values.
    var enumsByValues: [[String]: String] = [:]

    /// A sample's records, each summarized as it comes and let go: memory
    /// follows the sample's shape, not how many records share it.
    package struct Sample {
        /// What the records held.
        let records = ObjectSummary(tracksChoices: true)
        /// How many records were added.
        package private(set) var count = 0
        /// The first record that is not an object, and its place among them.
        private(set) var notAnObject: (found: String, record: Int)?
        /// How many keys, each time one appears, are snake case.
        private(set) var snakeKeys = 0
        /// How many keys, each time one appears, are camel case.
        private(set) var camelKeys = 0

        /// An empty sample.
        package init() {}

        /// Adds a record: a top-level array's element, the one document, or an NDJSON line.
        package mutating func add(_ record: JSONValue) {
            defer { count += 1 }
            guard notAnObject == nil else { return }
            guard case .object(let object) = record else {
                notAnObject = (record.kindDescription, count)
                return
            }
            records.add(object)
            countKeyStyles(in: record)
        }

        /// Counts the snake case and the camel case keys of a record, at every depth.
        private mutating func countKeyStyles(in record: JSONValue) {
            var pending = [record]
            while let value = pending.popLast() {
                switch value {
                case .object(let object):
                    for member in object.members {
                        let key = member.key
                        if key.contains("_"), key == key.lowercased(), key.first?.isLetter == true { snakeKeys += 1 }
                        if !key.contains("_"), key.first?.isLowercase == true, key.contains(where: \.isUppercase) { camelKeys += 1 }
                        pending.append(member.value)
                    }
                case .array(let elements):
                    pending += elements
                case .null, .bool, .number, .string:
                    break
                }
            }
        }
    }

    /// Infers rules from a sample's records.
    ///
    /// - Parameters:
    ///   - records: The records: a top-level array's elements, or the one document, or NDJSON lines.
    /// - Returns: The rules, formatted.
    /// - Throws: `Problem` when the records are not objects, or there are none, or the root's name cannot be a model's,
    ///   or the rules would be too large.
    package static func infer(records: [JSONValue], options: Options = Options()) throws(Problem) -> String {
        var sample = Sample()
        for record in records { sample.add(record) }
        return try infer(sample: sample, options: options)
    }

    /// Infers rules from a sample whose records were added one at a time.
    ///
    /// - Throws: `Problem` when the records are not objects, or there are none, or the root's name cannot be a model's,
    ///   or the rules would be too large.
    package static func infer(sample: Sample, options: Options = Options()) throws(Problem) -> String {
        guard sample.count > 0 else { throw .noRecords }
        if let (found, record) = sample.notAnObject { throw .recordsAreNotObjects(found: found, record: record) }
        let root = options.root ?? "Record"
        guard InferenceNames.isIdentifier(root), !InferenceNames.builtinTypes.contains(root), !TokenKind.keywords.contains(root),
            BuiltinTransformer.named[root] == nil
        else { throw .invalidRootName(root) }
        var inference = RulesInference(strategy: sample.snakeKeys > sample.camelKeys ? .snakeCase : .asIs)
        _ = inference.names.claim(root)
        let rootType = inference.objectType(sample.records, nameHint: root, depth: 0, exactName: root)
        return try inference.text(root: rootType, sampleName: options.sampleName, records: sample.count)
    }
}
