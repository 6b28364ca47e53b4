#pragma once
// player_name: what a typed name becomes, and when two names look the same. A name is shown to
// everyone in a room, so it must look like what it is. Unicode's own data decides (through
// ICU), not a list kept here:
//  - no character that draws nothing or turns text around: controls, format characters
//    (General Category Cf: bidi controls, zero-width joiners, tags...), Default_Ignorable code
//    points (fillers, variation selectors...), unassigned and private-use code points, and
//    spaces other than U+0020;
//  - NFKC, so the fullwidth "ａｌｉｃｅ" is the name "alice";
//  - one script per name (UTS #39 "highly restrictive": Latin with Han and kana or Hangul is
//    one Japanese, Chinese or Korean name), so "аlice" with a Cyrillic a is refused;
//  - two names are the same name when they look alike: equal UTS #39 skeletons (confusable
//    letters mapped to one), compared with case folded first ("ALICE" is "alice") and last
//    ("AIice" with a capital i is "Alice"), so "a1ice", "ａｌｉｃｅ" and an all-Cyrillic "аІісе"
//    are all "alice";
//  - not a name of the server's computer players ("computer 3"), nor one that looks like it.

#include <array>
#include <string>
#include <string_view>
#include <variant>

namespace ringside::protocol {

// Why a typed name cannot be a name, as a sentence.
struct name_refusal {
  std::string reason;
};

class player_name {
 public:
  // The most characters (code points) a name may have, as typed and once normalised.
  static constexpr std::size_t max_length = 24;

  // `typed` (valid UTF-8) as the name it becomes, or why it cannot be one, as a sentence.
  static std::variant<player_name, name_refusal> read(std::string_view typed);

  // Whether two names (each one `read` gave, now or before a restart) would pass for each
  // other. Derived from the texts alone, so nothing but the names needs storing.
  static bool look_alike(std::string_view a, std::string_view b);

  // Two keys of `name`: two names look alike (as look_alike says) exactly when their first
  // keys or their second keys are equal, so a name can be found among many by lookup.
  static std::array<std::string, 2> look_alike_keys(std::string_view name);

  // The name as it is shown.
  const std::string& text() const { return text_; }

 private:
  explicit player_name(std::string text) : text_(std::move(text)) {}

  std::string text_;
};

}  // namespace ringside::protocol
