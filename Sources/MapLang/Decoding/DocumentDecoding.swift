#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// MARK: - Decoding a document record by record

extension Rules {
    /// Maps a document and decodes it, as `decode(_:from:model:)` describes.
    ///
    /// The document goes through the direct path, as `maplang run` maps
    /// it: each record is written as JSON and decoded from that JSON
    /// through a `RecordTape`, with no tree for the input or the output.
    /// For an array of records into a Swift array, each record is decoded
    /// as soon as it is mapped, so beside the decoded values only the runs
    /// of records mapped ahead are held: at most
    /// `OrderedRuns.runsAhead(threads: threads)` runs of about
    /// `OrderedRuns.inputPerRun` bytes of input each, every run's JSON with
    /// its tape (at least three times the size of the JSON, more for many
    /// small values), or one record's on one thread. Anything else (a
    /// `Set`, an optional array, a wrapper) is decoded from the JSON of the
    /// whole output, mapped on the same threads.
    ///
    /// - Parameter threads: How many threads may map a large array:
    ///   `decodingThreads`, unless a test asks for more; one whatever it
    ///   asks when the rules have transformers written in Swift.
    ///
    /// When a record breaks the rules, the document is mapped again the
    /// way `map(_:to:)` maps it, for the failure with every error; and
    /// decoding errors are thrown only for documents that mapped.
    func decode<T: Decodable>(
        _ type: T.Type, in buffer: UnsafeBufferPointer<UInt8>, model: String?, threads: Int? = nil
    ) throws -> T {
        let threads = hasSwiftTransformers ? 1 : threads ?? Self.decodingThreads
        let id: ModelID
        do {
            id = try chosenModel(model)
        } catch {
            throw error.decodingError
        }
        if T.self == MappedValue.self {
            // The mapped value itself, with its typed cases, as `map` gives it.
            do {
                return try MappedScalars.decode(type, from: map(Array(buffer), to: model), at: [])
            } catch let failure as MappingFailure {
                throw failure.decodingError
            }
        }
        if let arrayType = T.self as? any DecodableArray.Type {
            switch try arrayType.decodeRecords(in: buffer, rules: self, model: id, named: model, threads: threads) {
            case .records(let records):
                if let records = records as? T { return records }
            case .single(let json):
                // A document that is one record, which does not fill an array.
                return try decode(type, fromOutput: json, in: buffer, model: model)
            }
        }
        var output: [UInt8] = []
        var errors: [MappingError] = []
        var records = 0
        let shape = try serialize(buffer, model: id, named: model, threads: threads) { record in
            guard let json = record.json, errors.isEmpty else {
                errors += record.errors
                return
            }
            if record.index != nil { output.append(records == 0 ? UInt8(ascii: "[") : UInt8(ascii: ",")) }
            output += json
            records += 1
        }
        if shape == .array { output += records == 0 ? Array("[]".utf8) : [UInt8(ascii: "]")] }
        if !errors.isEmpty { try throwFailure(errors, buffer, named: model) }
        return try decode(type, fromOutput: output, in: buffer, model: model)
    }

    /// Decodes a value from the JSON mapping wrote for the whole document;
    /// through the mapped tree when that JSON is too large for a tape.
    private func decode<T: Decodable>(
        _ type: T.Type, fromOutput json: [UInt8], in buffer: UnsafeBufferPointer<UInt8>, model: String?
    ) throws -> T {
        if let decoded = try RecordTape.decode(type, from: json, at: []) { return decoded }
        do {
            return try MappedScalars.decode(type, from: map(Array(buffer), to: model), at: [])
        } catch let failure as MappingFailure {
            throw failure.decodingError
        }
    }

    /// Decodes each record of a document that is an array as it is mapped,
    /// on `threads` threads.
    ///
    /// - Returns: The records, or the JSON of a document that is one record.
    fileprivate func decodeRecords<Element: Decodable>(
        _ type: Element.Type, in buffer: UnsafeBufferPointer<UInt8>, model id: ModelID, named model: String?, threads: Int
    ) throws -> DecodedRecords {
        var elements: [Element] = []
        var single: [UInt8] = []
        var errors: [MappingError] = []
        var decodingError: (any Error)?
        var tooLarge = false
        let shape = try serialize(buffer, model: id, named: model, threads: threads, indexing: true) { record in
            guard let json = record.json, errors.isEmpty else {
                errors += record.errors
                return
            }
            guard let index = record.index else {
                single = Array(json)
                return
            }
            guard decodingError == nil, !tooLarge else { return }
            do {
                if let indexed = record.indexed {
                    let path = CodingPathChain.root([JSONPathKey(.index(index))])
                    elements.append(try TapeScalars.decode(type, indexed.tape, indexed.entry, at: path))
                    return
                }
                guard let element = try RecordTape.decode(type, from: Array(json), at: [JSONPathKey(.index(index))]) else {
                    tooLarge = true
                    return
                }
                elements.append(element)
            } catch {
                decodingError = error
            }
        }
        if !errors.isEmpty { try throwFailure(errors, buffer, named: model) }
        if let decodingError { throw decodingError }
        guard shape == .array else { return .single(single) }
        if tooLarge {
            do {
                return .records(try MappedScalars.decode([Element].self, from: map(Array(buffer), to: model), at: []))
            } catch let failure as MappingFailure {
                throw failure.decodingError
            }
        }
        return .records(elements)
    }

    /// Maps a document straight to JSON, passing each record on; an input
    /// syntax error becomes the `DecodingError` `decode` throws for it.
    ///
    /// The elements of a large array are mapped on `threads` threads, with
    /// each record's JSON indexed on the thread that mapped it when
    /// `indexing`, while the records are passed on, in order, on the
    /// calling thread.
    private func serialize(
        _ buffer: UnsafeBufferPointer<UInt8>, model id: ModelID, named model: String?, threads: Int, indexing: Bool = false,
        _ body: (SerializedRecord) -> Void
    ) throws -> DocumentShape {
        do {
            return try serializeDocument(in: buffer, to: id, jobs: threads, indexing: indexing) { record, _ in
                body(record)
            }
        } catch {
            throw MappingFailure.invalidJSON(error).decodingError
        }
    }

    /// How many threads `decode` maps a large array on: the caller's, which
    /// runs the `Decodable` initializers (so they run on the thread that
    /// called, in order, as with `JSONDecoder`), and one helper that maps
    /// and indexes runs of records ahead of it (the caller maps a run too
    /// when it has caught up), where the process may use more than one
    /// core. For the benchmark's issues the two threads are about equally
    /// busy, so a third would mostly wait; a type that reads only a few
    /// fields leaves the helper the longer half.
    ///
    /// `decode` maps on one thread instead when the rules have transformers
    /// written in Swift: no code of the app's runs off the calling thread,
    /// so what it reads there (task-local values, state without a lock) is
    /// what it expects.
    static var decodingThreads: Int { min(2, HelperThread.availableCores ?? 1) }

    /// Throws the failure of a document some record of which broke the
    /// rules, as `map(_:to:)` gives it: with every error, from every record.
    ///
    /// - Parameter errors: The errors found before mapping stopped, thrown
    ///   should `map` not fail.
    private func throwFailure(_ errors: [MappingError], _ buffer: UnsafeBufferPointer<UInt8>, named model: String?) throws {
        do {
            _ = try map(Array(buffer), to: model)
        } catch {
            throw error.decodingError
        }
        throw MappingFailure.brokenRules(errors, mapped: nil).decodingError
    }
}

/// What `decodeRecords` found in a document.
private enum DecodedRecords {
    /// The records of a document that is an array, as the array type asked for.
    case records(Any)
    /// The JSON of a document that is one record.
    case single([UInt8])
}

/// A Swift array of decodable records, which `decode` fills one record at a time.
private protocol DecodableArray {
    /// The records of a document that is an array, decoded as they are
    /// mapped, or the JSON of a document that is one record.
    static func decodeRecords(
        in buffer: UnsafeBufferPointer<UInt8>, rules: Rules, model: ModelID, named name: String?, threads: Int
    ) throws -> DecodedRecords
}

extension Array: DecodableArray where Element: Decodable {
    fileprivate static func decodeRecords(
        in buffer: UnsafeBufferPointer<UInt8>, rules: Rules, model: ModelID, named name: String?, threads: Int
    ) throws -> DecodedRecords {
        try rules.decodeRecords(Element.self, in: buffer, model: model, named: name, threads: threads)
    }
}

extension RecordTape {
    /// Decodes a value from the JSON mapping wrote for it; `nil` when that
    /// JSON is too large for a tape (2 GiB).
    ///
    /// - Parameter codingPath: The path of the value in the document.
    static func decode<T: Decodable>(_ type: T.Type, from json: [UInt8], at codingPath: [any CodingKey]) throws -> T? {
        guard let tape = RecordTape(json: json) else { return nil }
        return try TapeScalars.decode(type, tape, 0, at: .root(codingPath))
    }
}
