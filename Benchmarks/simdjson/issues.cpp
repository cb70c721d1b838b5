// The benchmark's issues job written by hand in C++ on simdjson's On-Demand
// API: the reference `maplang-bench` compares `maplang run` with.
//
// It does what `examples/issues-bench/issues-bench.map` asks, for the
// issues `maplang-bench` generates: the same fields under the same names,
// in the same order, the same checks (`number` at least 1, a title of 1 to
// 256 characters, a URL with a scheme, known states, ISO-8601 dates), the
// priority table with its default, and the same JSON out, byte for byte.
// A record that fails a check is reported on standard error and left out.
//
//   issues-simdjson FILE            a JSON array of issues
//   issues-simdjson --ndjson FILE   one issue per line
//
// Built by `maplang-bench` with `g++ -O3 -std=c++17 … -lsimdjson` when the
// Debian packages `g++` and `libsimdjson-dev` are installed.
#include <simdjson.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>

using namespace simdjson;

namespace {

/// The output, written to standard output a few megabytes at a time.
struct Output {
    std::string buffer;

    void flush() {
        std::fwrite(buffer.data(), 1, buffer.size(), stdout);
        buffer.clear();
    }
    void raw(std::string_view text) { buffer.append(text); }
    void integer(int64_t value) {
        char digits[24];
        int count = std::snprintf(digits, sizeof digits, "%lld", static_cast<long long>(value));
        buffer.append(digits, static_cast<size_t>(count));
    }
    /// A JSON string, escaped as MapLang's writer escapes it.
    void string(std::string_view text) {
        static const char hex[] = "0123456789abcdef";
        buffer.push_back('"');
        size_t run = 0;
        for (size_t index = 0; index < text.size(); index++) {
            unsigned char byte = static_cast<unsigned char>(text[index]);
            if (byte >= 0x20 && byte != '"' && byte != '\\') continue;
            buffer.append(text.substr(run, index - run));
            run = index + 1;
            buffer.push_back('\\');
            switch (byte) {
            case '"': buffer.push_back('"'); break;
            case '\\': buffer.push_back('\\'); break;
            case '\n': buffer.push_back('n'); break;
            case '\r': buffer.push_back('r'); break;
            case '\t': buffer.push_back('t'); break;
            case '\b': buffer.push_back('b'); break;
            case '\f': buffer.push_back('f'); break;
            default:
                buffer.append("u00");
                buffer.push_back(hex[byte >> 4]);
                buffer.push_back(hex[byte & 0xF]);
            }
        }
        buffer.append(text.substr(run));
        buffer.push_back('"');
    }
};

/// The number of characters of UTF-8 text, counting `\r\n` as one, as a
/// Swift `String` counts them for the text the benchmark generates.
size_t characters(std::string_view text) {
    size_t count = 0;
    for (size_t index = 0; index < text.size(); index++) {
        unsigned char byte = static_cast<unsigned char>(text[index]);
        if ((byte & 0xC0) == 0x80) continue;
        if (byte == '\n' && index > 0 && text[index - 1] == '\r') continue;
        count++;
    }
    return count;
}

/// Whether text is a date as `YYYY-MM-DDTHH:MM:SSZ`, the form MapLang writes.
bool isDate(std::string_view text) {
    static const char shape[] = "dddd-dd-ddTdd:dd:ddZ";
    if (text.size() != 20) return false;
    for (size_t index = 0; index < 20; index++) {
        char expected = shape[index];
        if (expected == 'd' ? (text[index] < '0' || text[index] > '9') : text[index] != expected) return false;
    }
    return true;
}

/// Whether text is a URL: a scheme, `:`, and no spaces.
bool isURL(std::string_view text) {
    size_t colon = text.find(':');
    if (colon == std::string_view::npos || colon == 0) return false;
    if (!((text[0] >= 'a' && text[0] <= 'z') || (text[0] >= 'A' && text[0] <= 'Z'))) return false;
    return text.find(' ') == std::string_view::npos;
}

/// The priority table of `issues-bench.map`, with its default.
std::string_view priority(std::string_view label) {
    if (label == "p3" || label == "low") return "low";
    if (label == "p1" || label == "high") return "high";
    return "normal";
}

/// A user: `login`, `id`, `siteAdmin`.
bool writeUser(ondemand::object user, Output &out) {
    std::string_view login;
    int64_t id = 0;
    bool admin = false;
    int found = 0;
    for (auto field : user) {
        std::string_view key = field.unescaped_key();
        if (key == "login") { login = field.value().get_string(); found |= 1; }
        else if (key == "id") { id = field.value().get_int64(); found |= 2; }
        else if (key == "site_admin") { admin = field.value().get_bool(); found |= 4; }
    }
    if (found != 7) return false;
    out.raw("{\"login\":");
    out.string(login);
    out.raw(",\"id\":");
    out.integer(id);
    out.raw(admin ? ",\"siteAdmin\":true}" : ",\"siteAdmin\":false}");
    return true;
}

/// One issue; `false` when it fails a check.
bool writeIssue(ondemand::object issue, Output &out) {
    std::string_view title, url, state, label = "", author, body, created, closed;
    int64_t id = 0, number = 0, comments = 0;
    bool hasBody = false, hasClosed = false, hasAssignee = false;
    std::string user, assignee, labels;
    int found = 0;
    Output nested;
    for (auto field : issue) {
        std::string_view key = field.unescaped_key();
        ondemand::value value = field.value();
        if (key == "id") { id = value.get_int64(); found |= 1; }
        else if (key == "number") { number = value.get_int64(); found |= 2; }
        else if (key == "title") { title = value.get_string(); found |= 4; }
        else if (key == "html_url") { url = value.get_string(); found |= 8; }
        else if (key == "state") { state = value.get_string(); found |= 16; }
        else if (key == "priority_label") { label = value.get_string(); }
        else if (key == "user") {
            ondemand::object object = value.get_object();
            nested.buffer.clear();
            // `author` is `user.login`: read the login while writing the user.
            if (!writeUser(object, nested)) return false;
            user = nested.buffer;
            size_t start = user.find("\"login\":") + 8;
            size_t end = user.find(",\"id\":");
            author = std::string_view(user).substr(start, end - start);
            found |= 32;
        } else if (key == "assignee") {
            if (!value.is_null()) {
                nested.buffer.clear();
                if (!writeUser(value.get_object(), nested)) return false;
                assignee = nested.buffer;
                hasAssignee = true;
            }
        } else if (key == "labels") {
            nested.buffer.clear();
            nested.raw("[");
            bool first = true;
            for (auto element : value.get_array()) {
                std::string_view name, color;
                int has = 0;
                for (auto member : element.get_object()) {
                    std::string_view memberKey = member.unescaped_key();
                    if (memberKey == "name") { name = member.value().get_string(); has |= 1; }
                    else if (memberKey == "color") { color = member.value().get_string(); has |= 2; }
                }
                if (has != 3) return false;
                nested.raw(first ? "{\"name\":" : ",{\"name\":");
                nested.string(name);
                nested.raw(",\"color\":");
                nested.string(color);
                nested.raw("}");
                first = false;
            }
            nested.raw("]");
            labels = nested.buffer;
            found |= 64;
        } else if (key == "comments") { comments = value.get_int64(); found |= 128; }
        else if (key == "body") {
            if (!value.is_null()) { body = value.get_string(); hasBody = true; }
        } else if (key == "created_at") { created = value.get_string(); found |= 256; }
        else if (key == "closed_at") {
            if (!value.is_null()) { closed = value.get_string(); hasClosed = true; }
        }
    }
    size_t length = characters(title);
    if (found != 511 || number < 1 || length < 1 || length > 256 || !isURL(url) || (state != "open" && state != "closed")
        || !isDate(created) || (hasClosed && !isDate(closed))) {
        return false;
    }
    out.raw("{\"id\":");
    out.integer(id);
    out.raw(",\"number\":");
    out.integer(number);
    out.raw(",\"title\":");
    out.string(title);
    out.raw(",\"htmlURL\":");
    out.string(url);
    out.raw(",\"state\":");
    out.string(state);
    out.raw(",\"priority\":");
    out.string(priority(label));
    out.raw(",\"author\":");
    out.raw(author);
    out.raw(",\"user\":");
    out.raw(user);
    out.raw(",\"assignee\":");
    out.raw(hasAssignee ? std::string_view(assignee) : std::string_view("null"));
    out.raw(",\"labels\":");
    out.raw(labels);
    out.raw(",\"comments\":");
    out.integer(comments);
    out.raw(",\"body\":");
    if (hasBody) out.string(body); else out.raw("null");
    out.raw(",\"createdAt\":");
    out.string(created);
    out.raw(",\"closedAt\":");
    if (hasClosed) out.string(closed); else out.raw("null");
    out.raw("}");
    return true;
}

}  // namespace

int main(int argc, char **argv) {
    bool lines = argc == 3 && std::strcmp(argv[1], "--ndjson") == 0;
    if (argc != 2 && !lines) {
        std::fprintf(stderr, "usage: issues-simdjson [--ndjson] FILE\n");
        return 64;
    }
    padded_string json;
    if (padded_string::load(argv[argc - 1]).get(json)) {
        std::fprintf(stderr, "issues-simdjson: cannot read %s\n", argv[argc - 1]);
        return 66;
    }
    Output out;
    out.buffer.reserve(1 << 22);
    ondemand::parser parser;
    size_t failed = 0;
    try {
        if (lines) {
            ondemand::document_stream stream = parser.iterate_many(json);
            for (auto document : stream) {
                if (writeIssue(document.get_object(), out)) out.raw("\n"); else failed++;
                if (out.buffer.size() > (1 << 21)) out.flush();
            }
        } else {
            ondemand::document document = parser.iterate(json);
            out.raw("[");
            bool first = true;
            for (auto element : document.get_array()) {
                size_t mark = out.buffer.size();
                if (!first) out.raw(",");
                if (writeIssue(element.get_object(), out)) {
                    first = false;
                } else {
                    out.buffer.resize(mark);
                    failed++;
                }
                if (out.buffer.size() > (1 << 21)) out.flush();
            }
            out.raw("]\n");
        }
    } catch (simdjson_error &error) {
        out.flush();
        std::fprintf(stderr, "issues-simdjson: %s\n", error.what());
        return 65;
    }
    out.flush();
    if (failed > 0) {
        std::fprintf(stderr, "issues-simdjson: %zu records failed a check\n", failed);
        return 1;
    }
    return 0;
}
