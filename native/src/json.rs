//! JSON text as Python's `json` module writes it (ensure_ascii=False; one line with ", "
//! and ": ", or indented by 2 with "," at the ends of lines), then `report.json_safe`:
//! NEL, LINE SEPARATOR and PARAGRAPH SEPARATOR escaped too.

/// `s` as a JSON string, quotes included (json.encoder.encode_basestring + json_safe).
pub fn push_str(out: &mut String, s: &str) {
    out.push('"');
    let bytes = s.as_bytes();
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        // what may need an escape: controls, '"', '\\', and the lead bytes of NEL (C2 85)
        // and of LINE and PARAGRAPH SEPARATOR (E2 80 A8/A9)
        if b >= 0x20 && b != b'"' && b != b'\\' && b != 0xC2 && b != 0xE2 {
            i += 1;
            continue;
        }
        let (len, escaped): (usize, Option<&str>) = match b {
            b'"' => (1, Some("\\\"")),
            b'\\' => (1, Some("\\\\")),
            b'\n' => (1, Some("\\n")),
            b'\r' => (1, Some("\\r")),
            b'\t' => (1, Some("\\t")),
            0x08 => (1, Some("\\b")),
            0x0C => (1, Some("\\f")),
            0xC2 if bytes.get(i + 1) == Some(&0x85) => (2, Some("\\u0085")),
            0xE2 if bytes.get(i + 1) == Some(&0x80) && bytes.get(i + 2) == Some(&0xA8) => {
                (3, Some("\\u2028"))
            }
            0xE2 if bytes.get(i + 1) == Some(&0x80) && bytes.get(i + 2) == Some(&0xA9) => {
                (3, Some("\\u2029"))
            }
            0xC2 | 0xE2 => {
                i += 1;
                continue;
            }
            _ => (1, None), // another control character: \u00XX
        };
        out.push_str(&s[start..i]);
        match escaped {
            Some(e) => out.push_str(e),
            None => {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                out.push_str("\\u00");
                out.push(HEX[(b >> 4) as usize] as char);
                out.push(HEX[(b & 15) as usize] as char);
            }
        }
        i += len;
        start = i;
    }
    out.push_str(&s[start..]);
    out.push('"');
}

/// Whether `s` holds anything JSON text escapes (a control, '"', '\\', NEL, LINE or
/// PARAGRAPH SEPARATOR): text that does not can be written as it is.
pub fn needs_escape(s: &str) -> bool {
    s.bytes().any(|b| b < 0x20 || b == b'"' || b == b'\\')
        || s.contains(['\u{85}', '\u{2028}', '\u{2029}'])
}

/// A whole number as Python writes it (str of an int).
pub fn push_int(out: &mut String, n: i64) {
    let mut buf = [0u8; 20];
    let mut at = buf.len();
    let mut v = n.unsigned_abs();
    loop {
        at -= 1;
        buf[at] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    if n < 0 {
        out.push('-');
    }
    out.push_str(std::str::from_utf8(&buf[at..]).unwrap_or("?"));
}

/// A writer of one JSON value at a time, laid out as json.dumps lays it out.
pub struct Writer<'o> {
    pub out: &'o mut String,
    indent: bool,
    base: &'static str, // what every new line starts with beyond the indentation
    depth: usize,
    started: [bool; 16], // per open container: an element has been written
}

impl<'o> Writer<'o> {
    /// `indent`: the JSON array's layout (indent=2), else one line; `base`: spaces that
    /// every line after the first starts with (the array's own indentation).
    pub fn new(out: &'o mut String, indent: bool, base: &'static str) -> Writer<'o> {
        Writer {
            out,
            indent,
            base,
            depth: 0,
            started: [false; 16],
        }
    }

    fn newline(&mut self) {
        self.out.push('\n');
        self.out.push_str(self.base);
        for _ in 0..self.depth {
            self.out.push_str("  ");
        }
    }

    /// Before an element of the open container: the separator, or the first line break.
    fn element(&mut self) {
        if self.depth == 0 {
            return;
        }
        let first = !self.started[self.depth];
        self.started[self.depth] = true;
        if self.indent {
            if !first {
                self.out.push(',');
            }
            self.newline();
        } else if !first {
            self.out.push_str(", ");
        }
    }

    fn open(&mut self, c: char) {
        self.out.push(c);
        self.depth += 1;
        self.started[self.depth] = false;
    }

    fn close(&mut self, c: char) {
        let had = self.started[self.depth];
        self.depth -= 1;
        if had && self.indent {
            self.newline();
        }
        self.out.push(c);
    }

    pub fn begin_object(&mut self) {
        self.open('{');
    }

    pub fn end_object(&mut self) {
        self.close('}');
    }

    pub fn begin_list(&mut self) {
        self.open('[');
    }

    pub fn end_list(&mut self) {
        self.close(']');
    }

    /// `"key": ` in the open object; the value follows. A key is a name of this crate's
    /// (or a seat), which JSON writes as it is.
    pub fn key(&mut self, key: &str) {
        self.element();
        self.plain(key);
        self.out.push_str(": ");
    }

    /// A string that needs no escape, written without looking: words this crate makes
    /// from its own parts and the setting's words, which the setting checked once.
    pub fn plain(&mut self, s: &str) {
        debug_assert!(!needs_escape(s), "{s:?}");
        self.out.push('"');
        self.out.push_str(s);
        self.out.push('"');
    }

    /// Before a value in the open list.
    pub fn item(&mut self) {
        self.element();
    }

    pub fn str(&mut self, s: &str) {
        push_str(self.out, s);
    }

    pub fn int(&mut self, n: i64) {
        push_int(self.out, n);
    }

    pub fn null(&mut self) {
        self.out.push_str("null");
    }

    pub fn bool(&mut self, b: bool) {
        self.out.push_str(if b { "true" } else { "false" });
    }

    pub fn opt_int(&mut self, n: Option<i64>) {
        match n {
            Some(n) => self.int(n),
            None => self.null(),
        }
    }

    pub fn opt_plain(&mut self, s: Option<&str>) {
        match s {
            Some(s) => self.plain(s),
            None => self.null(),
        }
    }

    /// Members written elsewhere (a setting's "rules" and "options", as Python encoded
    /// them at this depth), as the next members of the open object.
    pub fn raw_members(&mut self, text: &str) {
        self.element();
        self.out.push_str(text);
    }

    pub fn str_list<'a>(&mut self, items: impl IntoIterator<Item = &'a str>) {
        self.begin_list();
        for s in items {
            self.item();
            self.str(s);
        }
        self.end_list();
    }

    pub fn plain_list<'a>(&mut self, items: impl IntoIterator<Item = &'a str>) {
        self.begin_list();
        for s in items {
            self.item();
            self.plain(s);
        }
        self.end_list();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_escape_as_python_does() {
        let mut s = String::new();
        push_str(&mut s, "a\"b\\c\n\x01\u{7f}é\u{2028}\u{85}");
        assert_eq!(s, "\"a\\\"b\\\\c\\n\\u0001\u{7f}é\\u2028\\u0085\"");
    }

    #[test]
    fn what_needs_an_escape() {
        for s in [
            "a\"b", "a\\b", "\x01", "\u{85}", "\u{2028}", "\u{2029}", "\n",
        ] {
            assert!(needs_escape(s), "{s:?}");
        }
        for s in [
            "門前清自摸和",
            "honba ×1",
            "\u{7f}",
            "(111z) 33m [tanki]",
            "\u{2027}",
        ] {
            assert!(!needs_escape(s), "{s:?}");
        }
    }

    #[test]
    fn whole_numbers() {
        for n in [0, 7, -7, 1200, -48000, i64::MAX, i64::MIN] {
            let mut s = String::new();
            push_int(&mut s, n);
            assert_eq!(s, n.to_string());
        }
    }

    #[test]
    fn every_control_and_separator() {
        let mut s = String::new();
        push_str(&mut s, "\x1f\x0b\u{2027}\u{2029}\u{a0}\u{85}x");
        assert_eq!(s, "\"\\u001f\\u000b\u{2027}\\u2029\u{a0}\\u0085x\"");
    }

    #[test]
    fn layouts() {
        for (indent, want) in [
            (false, "{\"a\": [1, 2], \"b\": {}, \"c\": []}"),
            (
                true,
                "{\n  \"a\": [\n    1,\n    2\n  ],\n  \"b\": {},\n  \"c\": []\n}",
            ),
        ] {
            let mut s = String::new();
            let mut w = Writer::new(&mut s, indent, "");
            w.begin_object();
            w.key("a");
            w.begin_list();
            w.item();
            w.int(1);
            w.item();
            w.int(2);
            w.end_list();
            w.key("b");
            w.begin_object();
            w.end_object();
            w.key("c");
            w.begin_list();
            w.end_list();
            w.end_object();
            assert_eq!(s, want);
        }
    }
}
