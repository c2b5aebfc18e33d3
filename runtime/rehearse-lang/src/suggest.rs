//! "Did you mean" suggestions for closed vocabularies.
//!
//! One algorithm for every closed set, so a misspelled role, verb, key or
//! predicate gets the same quality of hint from the derive, the macro and the
//! run-time script parser.

/// Edit distance with adjacent transpositions (optimal string alignment),
/// compared case-insensitively, so `buton`, `butotn` and `Button` are all
/// close to `button`.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().flat_map(char::to_lowercase).collect();
    let b: Vec<char> = b.chars().flat_map(char::to_lowercase).collect();
    let width = b.len() + 1;
    let mut table = vec![0usize; (a.len() + 1) * width];
    for (i, row) in table.chunks_mut(width).enumerate() {
        row[0] = i;
    }
    for (j, cell) in table.iter_mut().take(width).enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (table[(i - 1) * width + j] + 1)
                .min(table[i * width + j - 1] + 1)
                .min(table[(i - 1) * width + j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(table[(i - 2) * width + j - 2] + 1);
            }
            table[i * width + j] = best;
        }
    }
    table[a.len() * width + b.len()]
}

/// The candidates closest to `given`, best first, at most three.
///
/// A candidate qualifies when its edit distance is within a third of the
/// longer word (at least 1, at most 3), or when one word is a prefix of the
/// other and the prefix has at least three characters (`text` suggests
/// `text-box` and `text-area`). Ties keep the candidates' own order, so the
/// result is deterministic.
pub fn closest<'a, I>(given: &str, candidates: I) -> Vec<&'a str>
where
    I: IntoIterator<Item = &'a str>,
{
    let lowered = given.to_lowercase();
    let mut scored: Vec<(usize, usize, &'a str)> = Vec::new();
    for (order, candidate) in candidates.into_iter().enumerate() {
        let distance = edit_distance(&lowered, candidate);
        let longest = lowered.chars().count().max(candidate.chars().count());
        let limit = (longest / 3).clamp(1, 3);
        let cand_lower = candidate.to_lowercase();
        let prefix = lowered.len() >= 3
            && (cand_lower.starts_with(&lowered) || lowered.starts_with(&cand_lower));
        if distance <= limit || prefix {
            scored.push((if prefix { distance.min(limit) } else { distance }, order, candidate));
        }
    }
    scored.sort_by_key(|&(distance, order, _)| (distance, order));
    scored.into_iter().take(3).map(|(_, _, name)| name).collect()
}

/// Formats a suggestion list as `` `a` `` / `` `a` or `b` `` / `` `a`, `b` or `c` ``.
pub fn or_list(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => format!("`{one}`"),
        [init @ .., last] => {
            let head: Vec<String> = init.iter().map(|name| format!("`{name}`")).collect();
            format!("{} or `{last}`", head.join(", "))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distance_counts_transpositions_once() {
        assert_eq!(edit_distance("button", "button"), 0);
        assert_eq!(edit_distance("buton", "button"), 1);
        assert_eq!(edit_distance("butotn", "button"), 1);
        assert_eq!(edit_distance("BUTTON", "button"), 0);
        assert_eq!(edit_distance("", "abc"), 3);
    }

    #[test]
    fn closest_prefers_small_distances_then_declaration_order() {
        let names = ["button", "radio", "radio-group", "text", "text-box", "text-area"];
        assert_eq!(closest("buton", names), vec!["button"]);
        assert_eq!(closest("txt", names), vec!["text"]);
        assert_eq!(closest("text", names), vec!["text", "text-box", "text-area"]);
        assert!(closest("zzzzzz", names).is_empty());
    }

    #[test]
    fn or_list_reads_naturally() {
        assert_eq!(or_list(&[]), "");
        assert_eq!(or_list(&["a"]), "`a`");
        assert_eq!(or_list(&["a", "b"]), "`a` or `b`");
        assert_eq!(or_list(&["a", "b", "c"]), "`a`, `b` or `c`");
    }
}
