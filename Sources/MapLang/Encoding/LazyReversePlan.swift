/// The `DirectReversePlan` of some rules, built the first time
/// `Rules.encode` asks for it rather than when the rules are compiled: only
/// encoding reads it, so `maplang run` and the other forward paths never
/// pay for it (a fifth of the compiling the benchmark's rules took).
///
/// `Rules` is a value that threads share; the box builds the reverse plan
/// once, under a lock, whichever thread asks first. Each `encode` takes the
/// lock once, for the whole value, which costs nothing beside the encoding.
final class LazyReversePlan: Sendable {
    /// The models and enums the reverse plan is built from.
    private let source: (models: [ModelPlan], enums: [EnumPlan])
    /// The reverse plan, once built.
    private let built = Lock<DirectReversePlan?>(nil)

    /// A box that builds the reverse plan of these models and enums when first asked.
    init(models: [ModelPlan], enums: [EnumPlan]) {
        source = (models, enums)
    }

    /// The reverse plan, built now if no caller has asked for it before.
    var plan: DirectReversePlan {
        built.withLock { built in
            if let built { return built }
            let plan = DirectReversePlan(models: source.models, enums: source.enums)
            built = plan
            return plan
        }
    }

    /// Whether the reverse plan has been built.
    var isBuilt: Bool {
        built.withLock { $0 != nil }
    }
}
