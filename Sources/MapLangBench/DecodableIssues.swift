import Foundation

/// The benchmark's mapping written the way Swift code does it today:
/// `Decodable` structs with `CodingKeys`, a nested container for
/// `user.login`, `.iso8601` dates, `URL`, enums with raw values, the same
/// checks as the rules, and `JSONEncoder` writing the same output keys.
public enum DecodableIssues {
    /// `state`.
    enum State: String, Codable {
        case open, closed
    }

    /// `priority_label`, read through a table of spellings with a default.
    enum Priority: String, Codable {
        case low, normal, high

        init(from decoder: any Decoder) throws {
            switch try decoder.singleValueContainer().decode(String.self) {
            case "p3", "low": self = .low
            case "p1", "high": self = .high
            default: self = .normal
            }
        }
    }

    struct User: Codable {
        let login: String
        let id: Int
        let siteAdmin: Bool

        enum CodingKeys: String, CodingKey {
            case login, id
            case siteAdmin = "site_admin"
        }

        enum OutputKeys: String, CodingKey {
            case login, id, siteAdmin
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: OutputKeys.self)
            try container.encode(login, forKey: .login)
            try container.encode(id, forKey: .id)
            try container.encode(siteAdmin, forKey: .siteAdmin)
        }
    }

    struct Label: Codable {
        let name: String
        let color: String
    }

    struct Issue: Codable {
        let id: Int
        let number: Int
        let title: String
        let htmlURL: URL
        let state: State
        let priority: Priority
        let author: String
        let user: User
        let assignee: User?
        let labels: [Label]
        let comments: Int
        let body: String?
        let createdAt: Date
        let closedAt: Date?

        enum SourceKeys: String, CodingKey {
            case id, number, title, state, user, assignee, labels, comments, body
            case htmlURL = "html_url"
            case priority = "priority_label"
            case createdAt = "created_at"
            case closedAt = "closed_at"
        }

        enum UserKeys: String, CodingKey {
            case login
        }

        enum OutputKeys: String, CodingKey {
            case id, number, title, htmlURL, state, priority, author, user, assignee, labels, comments, body, createdAt,
                closedAt
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: SourceKeys.self)
            id = try container.decode(Int.self, forKey: .id)
            number = try container.decode(Int.self, forKey: .number)
            guard number >= 1 else {
                throw DecodingError.dataCorruptedError(forKey: .number, in: container, debugDescription: "not in 1...")
            }
            title = try container.decode(String.self, forKey: .title)
            guard (1...256).contains(title.count) else {
                throw DecodingError.dataCorruptedError(forKey: .title, in: container, debugDescription: "length not in 1...256")
            }
            htmlURL = try container.decode(URL.self, forKey: .htmlURL)
            state = try container.decode(State.self, forKey: .state)
            priority = try container.decode(Priority.self, forKey: .priority)
            author = try container.nestedContainer(keyedBy: UserKeys.self, forKey: .user).decode(String.self, forKey: .login)
            user = try container.decode(User.self, forKey: .user)
            assignee = try container.decodeIfPresent(User.self, forKey: .assignee)
            labels = try container.decode([Label].self, forKey: .labels)
            comments = try container.decode(Int.self, forKey: .comments)
            body = try container.decodeIfPresent(String.self, forKey: .body)
            createdAt = try container.decode(Date.self, forKey: .createdAt)
            closedAt = try container.decodeIfPresent(Date.self, forKey: .closedAt)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: OutputKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(number, forKey: .number)
            try container.encode(title, forKey: .title)
            try container.encode(htmlURL, forKey: .htmlURL)
            try container.encode(state, forKey: .state)
            try container.encode(priority, forKey: .priority)
            try container.encode(author, forKey: .author)
            try container.encode(user, forKey: .user)
            try container.encode(assignee, forKey: .assignee)
            try container.encode(labels, forKey: .labels)
            try container.encode(comments, forKey: .comments)
            try container.encode(body, forKey: .body)
            try container.encode(createdAt, forKey: .createdAt)
            try container.encode(closedAt, forKey: .closedAt)
        }
    }

    /// Decodes the issues and encodes the mapped ones, as an app would.
    public static func run(_ data: Data) throws -> Data {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let issues = try decoder.decode([Issue].self, from: data)
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return try encoder.encode(issues)
    }

    /// Parses the document into Foundation's untyped values only.
    public static func parseOnly(_ data: Data) throws -> Int {
        let value = try JSONSerialization.jsonObject(with: data)
        return (value as? [Any])?.count ?? 1
    }
}
