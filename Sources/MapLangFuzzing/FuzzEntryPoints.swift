import MapLang

/// The bodies of the fuzz targets in `Fuzz/`, in a target of their own
/// beside the library (not shipped in it), so that the test suite replays
/// every saved crash through exactly the same code.
///
/// Each function must return normally for any input; a crash, a failed
/// `precondition` or a hang is a bug.
package enum FuzzEntryPoints {
    /// Reads arbitrary bytes as JSON, whole and element by element, and checks
    /// that whatever parses writes back to JSON that reads as the same value.
    package static func json(_ bytes: [UInt8]) {
        if let value = try? JSONReader.parse(bytes) {
            let written = JSONWriter.serialize(value.mappedValue)
            guard let again = try? JSONReader.parse(written), again.mappedValue == value.mappedValue else {
                preconditionFailure("written JSON does not read back to the same value")
            }
        }
        var reader = JSONReader(bytes: bytes)
        _ = try? reader.readDocument { _, _ in }
    }

    /// Lexes, parses, dumps, checks and renders arbitrary rules text.
    package static func rules(_ bytes: [UInt8]) {
        let source = SourceFile(name: "fuzz.map", bytes: bytes)
        let parsed = RulesParser.parse(source)
        _ = ASTDumper.dump(parsed.file, source: source)
        do {
            _ = try Rules(source: source)
        } catch {
            _ = DiagnosticRenderer().render(error.diagnostics)
            _ = error.diagnostics.map(DiagnosticJSON.object(for:))
        }
    }

    /// Maps arbitrary bytes with `mappingRules`, rendering every result and
    /// error, and checks that mapping straight to JSON text agrees with
    /// mapping through a tree, under each set of rules.
    package static func mapping(_ bytes: [UInt8]) {
        let model = try! mappingRules.model(named: nil)
        _ = try? mappingRules.mapDocument(bytes, to: model) { record in
            if let value = record.value { _ = JSONWriter.serialize(value) }
            for error in record.errors { _ = DiagnosticRenderer().render(error, input: "fuzz.json") }
        }
        for rules in [mappingRules, directRules, skimmingRules, followingRules] {
            let model = try! rules.model(named: nil)
            if let difference = DirectPathComparison.difference(rules, bytes, model: model)
                ?? DirectPathComparison.wholeDocumentDifference(rules, bytes, model: model)
                ?? DirectPathComparison.lineDifference(rules, bytes, model: model)
                ?? DirectPathComparison.linesDifference(rules, bytes, model: model)
            {
                preconditionFailure("the direct path and the tree differ: \(difference)")
            }
        }
        // The same bytes as a model-shaped value to encode, and every record they map to.
        let encoding = DirectEncodingComparison.rules
        if let value = try? JSONReader.parse(bytes).mappedValue {
            for model in ["Record", "Owner", "Tag", "Audit"] {
                if let difference = DirectEncodingComparison.difference(encoding, value, model: model) {
                    preconditionFailure("encoding directly and through reverse mapping differ: \(difference)")
                }
            }
        }
        _ = try? encoding.mapDocument(bytes, to: try! encoding.model(named: nil)) { record in
            if let value = record.value, let difference = DirectEncodingComparison.difference(encoding, value) {
                preconditionFailure("encoding directly and through reverse mapping differ: \(difference)")
            }
        }
    }

    /// The start both fuzzing rules files share: settings and an enum with
    /// inputs of every kind and a default.
    package static let settingsAndKind = """
        root Record
        keys snake_case
        enum Kind {
          a
          b from "B", 2, true
          default a
        }

        """

    /// Rules whose models the direct path reads itself: no checks or
    /// unknown-key policies, and every kind of scalar it reads from bytes.
    package static let directRules: Rules = {
        let text = settingsAndKind + """
            enum Strict {
              on
              off
            }
            enum Scale {
              kelvin from "K"
              celsius from "C"
              default celsius
            }
            enum Level {
              low from 1
              high from "h"
              default high
            }
            model Child {
              name: String where length(1...8)
              at: Date? using timestamp(ms)
              children: [Child] default []
              check name != "zz" else "a child cannot be named zz"
              ignore note
              unknown reject
            }
            model Circle {
              radius: Int
            }
            model Square {
              side: Int where range(0...)
            }
            choice Shape by type {
              "circle", "round" -> Circle
              "square" -> Square
            }
            model Pair {
              flag: Bool default false
              small: Int? where range(-5..<10)
            }
            model Login {
              login: String
            }
            model Record {
              id: Int from id, ID, "record.id" where range(0...)
              heading: String = title ?? "untitled"
              title: String? where nonEmpty
              label: String? where pattern("^(a+)+$")
              count: Int?
              flag: Bool default false
              when: Date? using iso8601
              since: Date?
              link: URL?
              home: URL? using url
              kind: Kind default a
              mode: Strict?
              tags: [String]?
              scores: [Int?]? where length(...3)
              first: String? from items[0].name
              last: JSON? from items[-1]
              owner: String? from user.login, user.name
              child: Child?
              kids: [Child]?
              ratio: Double? where range(0...1)
              scale: Scale?
              level: Level?
              small: Int? where range(-5..<10)
              half: Int? where range(0.5...)
              code: String? where nonEmpty, length(...4)
              nick: String? default "anon" when missing
              gone: Int? omitNull
              shape: Shape?
              twice: Int? = if count == null then null else count * 2
              pair: Pair from $
              poster: Login? flatten from user
              check tags == null or count(tags) <= 2 else "at most two tags"
              check owner != "root" or flag == true else "root needs the flag"
              check when == null or since == null or when >= since else "not before since"
              check kind != b or level == high else "b needs a high level"
              check heading != "bad" else "no bad headings"
            }
            """
        return try! Rules(source: SourceFile(name: "direct.map", text: text))
    }()

    /// Rules whose members are skimmed while the object around them is
    /// scanned, and checked only when they are written
    /// (`DirectModelEntry.skimmedSlots`): nested models, a choice, and
    /// fields of every scalar type, with rules, a fallback key, a default,
    /// `omitNull` and a check. In `directRules` a field read `from $` reads
    /// every member again, which would hide a member the direct path
    /// skimmed and never checked.
    package static let skimmingRules = try! Rules(
        source: SourceFile(
            name: "skim.map",
            text: skimmedModels + """
                enum Mood {
                  calm
                  busy from "b"
                }
                model Record {
                  id: Int
                  child: Child?
                  kids: [Child?]?
                  shape: Shape?
                  count: Int?
                  name: String?
                  tags: [String]?
                  note: JSON?
                  link: URL?
                  when: Date? using iso8601
                  mood: Mood?
                  code: String? where length(1...3)
                  word: String? where pattern("^[a-z]+$")
                  alias: String? from alias, nick
                  flag: Bool default false
                  ratio: Double? omitNull
                  check code != "zz" else "no zz"
                }
                """))

    /// `skimmingRules` with key paths into the skimmed members, read before
    /// the fields that write them, and into a member no field writes whole.
    /// `DirectRun.follow` skims what it passes in `kids`, which the field
    /// that writes it checks; stops at `name` in `child`, whose model's
    /// scan refuses a second `name` and checks the rest (not at `radius` in
    /// the choice `shape`, nor at `note`, which `Child` does not read); and
    /// reads `name` in `meta` where the scan of the record noted it as it
    /// checked `meta`.
    package static let followingRules = try! Rules(
        source: SourceFile(
            name: "follow.map",
            text: skimmedModels + """
                model Record {
                  id: Int
                  childName: String? from child.name
                  kidName: String? from kids[1].name
                  metaName: String? from meta.name
                  metaAt: Int? from meta.at
                  metaAgain: String? from meta.name
                  shapeRadius: Int? from shape.radius
                  childNote: Int? from child.note
                  child: Child?
                  kids: [Child?]?
                  shape: Shape?
                }
                """))

    /// The models and the choice `skimmingRules` and `followingRules` nest.
    private static let skimmedModels = """
        root Record
        model Child {
          name: String
          at: Int?
          children: [Child] default []
        }
        model Circle {
          radius: Int
        }
        choice Shape by type {
          "circle" -> Circle
          default -> Circle
        }

        """

    /// Rules that use every kind of field, key path, transformer, rule and check.
    package static let mappingRules: Rules = {
        let text = settingsAndKind + """
            table level {
              "low", 1 -> "L"
              "high" -> "H"
            }
            transform clean = trim | lowercase
            model Spot {
              x: Int?
              y: String?
            }
            model Child {
              name: String using clean where length(...8)
              at: Date? using timestamp(ms)
              children: [Child] default []
              check name != "zz" else "a child cannot be named zz"
              ignore note
              unknown reject
            }
            model Circle {
              radius: Int
            }
            model Square {
              side: Int where range(0...)
            }
            choice Shape by type {
              "circle", "round" -> Circle
              "square" -> Square
            }
            model Pair {
              flag: Bool default false
              small: Int? where range(-5..<10)
            }
            model Login {
              login: String
            }
            model Record {
              id: Int from id, ID, "record.id" where range(0...)
              title: String? where nonEmpty, pattern("^(a+)+$")
              price: Decimal? where range(0..<1000)
              ratio: Double?
              flag: Bool default false
              when: Date? using iso8601
              stamp: Date? from meta.stamp using date("EEE MMM dd HH:mm:ss Z yyyy")
              link: URL?
              kind: Kind default a
              level: String? using level
              tags: [String: Int]? where nonEmpty
              first: String? from items[0].name
              last: JSON? from items[-1]
              child: Child?
              aliases: [String]? oneOrMany where length(...3)
              bag: [Child]? lossy where nonEmpty
              counts: [String: Int]? lossy
              note: String? omitNull using replace("a", "b") | removePrefix("x") | removeSuffix("y")
              cents: Decimal? using scale(-2) | round(1)
              spot: Spot from $
              parts: [Int]? using split(",") | trim
              joined: String? from tags using join("+")
              doc: JSON? using json
              blob: Data?
              run: String? from title using extract("(a+)+b|(x)")
              urlBlob: Data? using base64(url)
              flat: Spot? flatten from child
              total: Decimal? = (price ?? 0) * 3 / (cents ?? 1) + decimal($.count)
              heading: String = if flag then (title ?? "none") + string(ratio) else string(kind)
              check total == null or total > -1000000 else "total too small"
              check flag or kind == b or count(tags) > 1 else "needs a flag"
            }
            """
        return try! Rules(source: SourceFile(name: "fuzz.map", text: text))
    }()
}
