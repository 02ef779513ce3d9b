/*
 * The Figma floor: the least work that turns file responses into a JSON tree with positions.
 *
 * It walks its paths the way `higlint check` does (no symlinks followed below a named
 * path, dot entries skipped, *.figma.json only), reads each file whole and parses it on one
 * thread as strict RFC 8259 JSON (no comments, no trailing commas, no leading zeros, no
 * control characters in strings, escapes checked) into one flat array of nodes: each its
 * kind, its byte offset and where its subtree ends, with the offsets where lines start, so
 * any node's line and column can be told. That is what the Figma importer's own reader
 * builds before the mapping reads anything (Importers/Figma/JSON); whatever `check` does
 * beyond this (the mapping, the rules, the report) is overhead measured against this
 * program in the same run.
 *
 * build: cc -O2 -o figma_floor figma_floor.c
 * usage: figma_floor PATH...
 * prints: files, bytes, nodes, lines and failures, so a broken run cannot pass for a fast one.
 */
#include <dirent.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum kind { OBJECT, ARRAY, STRING, NUMBER, TRUE_, FALSE_, NULL_ };

struct node {
    uint32_t start;
    uint32_t end; /* the index after its subtree */
    uint8_t kind;
};

struct totals {
    long files;
    long bytes;
    long nodes;
    long lines;
    long failures;
};

static unsigned char *buffer;
static size_t capacity;
static struct node *nodes;
static size_t node_count, node_capacity;
static uint32_t *lines;
static size_t line_count, line_capacity;
static size_t *open_stack;
static size_t open_count, open_capacity;

#define MAX_DEPTH 100000

static int is_design(const char *name) {
    size_t length = strlen(name);
    return length > 11 && strcmp(name + length - 11, ".figma.json") == 0;
}

static void push_node(uint8_t kind, size_t start) {
    if (node_count == node_capacity) {
        node_capacity = node_capacity ? node_capacity * 2 : 1 << 16;
        nodes = realloc(nodes, node_capacity * sizeof *nodes);
        if (!nodes) exit(2);
    }
    nodes[node_count].start = (uint32_t)start;
    nodes[node_count].end = (uint32_t)(node_count + 1);
    nodes[node_count].kind = kind;
    node_count++;
}

static void push_line(size_t offset) {
    if (line_count == line_capacity) {
        line_capacity = line_capacity ? line_capacity * 2 : 1 << 14;
        lines = realloc(lines, line_capacity * sizeof *lines);
        if (!lines) exit(2);
    }
    lines[line_count++] = (uint32_t)offset;
}

struct parser {
    const unsigned char *bytes;
    size_t size;
    size_t index;
};

static void blanks(struct parser *p) {
    while (p->index < p->size) {
        unsigned char byte = p->bytes[p->index];
        if (byte == ' ' || byte == '\t') {
            p->index++;
        } else if (byte == '\n') {
            push_line(++p->index);
        } else if (byte == '\r') {
            p->index++;
            if (p->index < p->size && p->bytes[p->index] == '\n') p->index++;
            push_line(p->index);
        } else {
            return;
        }
    }
}

static int hex(unsigned char byte) {
    return (byte >= '0' && byte <= '9') || (byte >= 'a' && byte <= 'f') || (byte >= 'A' && byte <= 'F');
}

static int string(struct parser *p) {
    p->index++;
    while (p->index < p->size) {
        unsigned char byte = p->bytes[p->index];
        if (byte == '"') {
            p->index++;
            return 1;
        }
        if (byte < 0x20) return 0;
        if (byte == '\\') {
            if (p->index + 1 >= p->size) return 0;
            unsigned char escape = p->bytes[p->index + 1];
            if (escape == 'u') {
                if (p->index + 6 > p->size) return 0;
                for (int i = 2; i < 6; i++)
                    if (!hex(p->bytes[p->index + i])) return 0;
                p->index += 6;
                continue;
            }
            if (!strchr("\"\\/bfnrt", escape) || escape == 0) return 0;
            p->index += 2;
            continue;
        }
        p->index++;
    }
    return 0;
}

static int digits(struct parser *p) {
    size_t start = p->index;
    while (p->index < p->size && p->bytes[p->index] >= '0' && p->bytes[p->index] <= '9') p->index++;
    return p->index > start;
}

static int number(struct parser *p) {
    if (p->bytes[p->index] == '-') p->index++;
    if (p->index >= p->size) return 0;
    if (p->bytes[p->index] == '0') {
        p->index++;
    } else if (!digits(p)) {
        return 0;
    }
    if (p->index < p->size && p->bytes[p->index] == '.') {
        p->index++;
        if (!digits(p)) return 0;
    }
    if (p->index < p->size && (p->bytes[p->index] == 'e' || p->bytes[p->index] == 'E')) {
        p->index++;
        if (p->index < p->size && (p->bytes[p->index] == '+' || p->bytes[p->index] == '-')) p->index++;
        if (!digits(p)) return 0;
    }
    return 1;
}

static int literal(struct parser *p, const char *word) {
    size_t length = strlen(word);
    if (p->index + length > p->size || memcmp(p->bytes + p->index, word, length) != 0) return 0;
    p->index += length;
    return 1;
}

static void open_container(size_t node) {
    if (open_count == open_capacity) {
        open_capacity = open_capacity ? open_capacity * 2 : 256;
        open_stack = realloc(open_stack, open_capacity * sizeof *open_stack);
        if (!open_stack) exit(2);
    }
    open_stack[open_count++] = node;
}

/* One value and everything in it, without recursion: containers are a stack. */
static int document(struct parser *p) {
    open_count = 0;
    blanks(p);
    for (;;) {
        if (p->index >= p->size) return 0;
        unsigned char byte = p->bytes[p->index];
        size_t start = p->index;
        switch (byte) {
        case '{':
        case '[':
            if (open_count >= MAX_DEPTH) return 0;
            push_node(byte == '{' ? OBJECT : ARRAY, start);
            open_container(node_count - 1);
            p->index++;
            blanks(p);
            if (p->index < p->size && p->bytes[p->index] == (byte == '{' ? '}' : ']')) {
                p->index++;
                open_count--;
            } else if (byte == '{') {
                if (p->index >= p->size || p->bytes[p->index] != '"') return 0;
                push_node(STRING, p->index);
                if (!string(p)) return 0;
                blanks(p);
                if (p->index >= p->size || p->bytes[p->index] != ':') return 0;
                p->index++;
                blanks(p);
                continue;
            } else {
                continue;
            }
            break;
        case '"':
            push_node(STRING, start);
            if (!string(p)) return 0;
            break;
        case 't':
            push_node(TRUE_, start);
            if (!literal(p, "true")) return 0;
            break;
        case 'f':
            push_node(FALSE_, start);
            if (!literal(p, "false")) return 0;
            break;
        case 'n':
            push_node(NULL_, start);
            if (!literal(p, "null")) return 0;
            break;
        default:
            if (byte != '-' && (byte < '0' || byte > '9')) return 0;
            push_node(NUMBER, start);
            if (!number(p)) return 0;
        }
        /* After a value: a comma and the next, or the ends of the containers it closes. */
        for (;;) {
            blanks(p);
            if (open_count == 0) return p->index == p->size;
            size_t container = open_stack[open_count - 1];
            unsigned char close = nodes[container].kind == OBJECT ? '}' : ']';
            if (p->index >= p->size) return 0;
            if (p->bytes[p->index] == ',') {
                p->index++;
                blanks(p);
                if (nodes[container].kind == OBJECT) {
                    if (p->index >= p->size || p->bytes[p->index] != '"') return 0;
                    push_node(STRING, p->index);
                    if (!string(p)) return 0;
                    blanks(p);
                    if (p->index >= p->size || p->bytes[p->index] != ':') return 0;
                    p->index++;
                    blanks(p);
                }
                break;
            }
            if (p->bytes[p->index] != close) return 0;
            p->index++;
            nodes[container].end = (uint32_t)node_count;
            open_count--;
        }
    }
}

static void parse_file(const char *path, struct totals *totals) {
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return;
    struct stat info;
    if (fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) {
        close(fd);
        return;
    }
    size_t size = (size_t)info.st_size;
    if (size + 1 > capacity) {
        capacity = size + 1;
        buffer = realloc(buffer, capacity);
        if (!buffer) exit(2);
    }
    size_t filled = 0;
    ssize_t count;
    while (filled < size && (count = read(fd, buffer + filled, size - filled)) > 0) filled += (size_t)count;
    close(fd);

    node_count = 0;
    line_count = 0;
    push_line(0);
    struct parser p = {buffer, filled, 0};
    if (filled >= 3 && memcmp(buffer, "\xEF\xBB\xBF", 3) == 0) p.index = 3;
    if (!document(&p)) totals->failures++;
    totals->files++;
    totals->bytes += (long)filled;
    totals->nodes += (long)node_count;
    totals->lines += (long)line_count;
}

static void walk(const char *directory, struct totals *totals) {
    DIR *dir = opendir(directory);
    if (!dir) return;
    struct dirent *entry;
    while ((entry = readdir(dir)) != NULL) {
        if (entry->d_name[0] == '.') continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", directory, entry->d_name);
        unsigned char type = entry->d_type;
        if (type == DT_UNKNOWN) {
            struct stat info;
            if (lstat(path, &info) != 0) continue;
            type = S_ISDIR(info.st_mode) ? DT_DIR : S_ISREG(info.st_mode) ? DT_REG : DT_LNK;
        }
        if (type == DT_DIR) {
            walk(path, totals);
        } else if (type == DT_REG && is_design(entry->d_name)) {
            parse_file(path, totals);
        }
    }
    closedir(dir);
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: figma_floor PATH...\n");
        return 2;
    }
    struct totals totals = {0, 0, 0, 0, 0};
    for (int i = 1; i < argc; i++) {
        struct stat info;
        if (stat(argv[i], &info) != 0) continue;
        if (S_ISDIR(info.st_mode)) {
            walk(argv[i], &totals);
        } else if (S_ISREG(info.st_mode)) {
            parse_file(argv[i], &totals);
        }
    }
    printf("{\"files\": %ld, \"bytes\": %ld, \"nodes\": %ld, \"lines\": %ld, \"failures\": %ld}\n", totals.files,
           totals.bytes, totals.nodes, totals.lines, totals.failures);
    free(buffer);
    free(nodes);
    free(lines);
    free(open_stack);
    return totals.failures ? 1 : 0;
}
