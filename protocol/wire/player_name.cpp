#include "protocol/wire/player_name.hpp"

#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>
#include <unicode/uscript.h>
#include <unicode/uspoof.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ringside::protocol {

namespace {

// ICU's checker and NFKC, made once: both are safe to share between threads once configured.
class unicode_tools {
 public:
  static const unicode_tools& get() {
    static const unicode_tools tools;
    return tools;
  }

  // Null when ICU could not load its data; names are then refused, not waved through.
  const USpoofChecker* checker() const { return checker_.get(); }
  const icu::Normalizer2* nfkc() const { return nfkc_; }

 private:
  struct closer {
    void operator()(USpoofChecker* c) const { uspoof_close(c); }
  };

  unicode_tools() {
    UErrorCode e = U_ZERO_ERROR;
    std::unique_ptr<USpoofChecker, closer> c(uspoof_open(&e));
    if (U_FAILURE(e)) return;
    // The restriction level is the one-script rule; mixed numbers catch "1" beside "١";
    // invisible catches one accent stacked twice on a letter.
    uspoof_setChecks(c.get(), USPOOF_RESTRICTION_LEVEL | USPOOF_MIXED_NUMBERS | USPOOF_INVISIBLE,
                     &e);
    uspoof_setRestrictionLevel(c.get(), USPOOF_HIGHLY_RESTRICTIVE);
    const icu::Normalizer2* n = icu::Normalizer2::getNFKCInstance(e);
    if (U_SUCCESS(e)) {
      checker_ = std::move(c);
      nfkc_ = n;
    }
  }

  std::unique_ptr<USpoofChecker, closer> checker_;
  const icu::Normalizer2* nfkc_ = nullptr;
};

std::string hex(UChar32 cp) {
  std::array<char, 16> buf{};
  std::snprintf(buf.data(), buf.size(), "U+%04X", static_cast<unsigned>(cp));
  return buf.data();
}

std::string utf8(const icu::UnicodeString& s) {
  std::string out;
  s.toUTF8String(out);
  return out;
}

// The first character of `s` that no name may hold, and why.
std::optional<std::string> character_problem(const icu::UnicodeString& s) {
  for (int32_t i = 0; i < s.length(); i = s.moveIndex32(i, 1)) {
    const UChar32 c = s.char32At(i);
    const auto category = static_cast<UCharCategory>(u_charType(c));
    if (category == U_CONTROL_CHAR) return "the name must contain printable characters only";
    if (category == U_FORMAT_CHAR || u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT)) {
      return "the name must not contain invisible or direction-changing characters (it has " +
             hex(c) + ")";
    }
    if (category == U_UNASSIGNED || category == U_PRIVATE_USE_CHAR || category == U_SURROGATE) {
      return "the name must not contain unassigned or private-use characters (it has " + hex(c) +
             ")";
    }
    if ((category == U_SPACE_SEPARATOR || category == U_LINE_SEPARATOR ||
         category == U_PARAGRAPH_SEPARATOR) &&
        c != ' ') {
      return "the only space a name may contain is the ordinary one (it has " + hex(c) + ")";
    }
    // The braille blank is a symbol to Unicode, not a space, yet draws nothing at all.
    if (c == 0x2800) return "the name must not contain characters that look blank (it has U+2800)";
  }
  return std::nullopt;
}

std::optional<std::string> spacing_problem(const icu::UnicodeString& s) {
  if (s.indexOf(static_cast<UChar32>(' ')) < 0) return std::nullopt;
  bool blank = true;
  for (int32_t i = 0; i < s.length(); ++i) {
    if (s.charAt(i) != ' ') blank = false;
  }
  if (blank) return "the name must not be blank";
  if (s.charAt(0) == ' ' || s.charAt(s.length() - 1) == ' ')
    return "the name must not begin or end with a space";
  if (s.indexOf(u"  ", 2, 0) >= 0) return "the name must not contain two spaces in a row";
  return std::nullopt;
}

// The scripts `s` writes in (Common and Inherited, such as digits and accents, are no script
// of their own), in order of first use: "Latin and Cyrillic".
std::string scripts_of(const icu::UnicodeString& s) {
  std::vector<UScriptCode> seen;
  for (int32_t i = 0; i < s.length(); i = s.moveIndex32(i, 1)) {
    UErrorCode e = U_ZERO_ERROR;
    const UScriptCode script = uscript_getScript(s.char32At(i), &e);
    if (U_FAILURE(e) || script == USCRIPT_COMMON || script == USCRIPT_INHERITED) continue;
    if (std::find(seen.begin(), seen.end(), script) == seen.end()) seen.push_back(script);
  }
  std::string out;
  for (std::size_t k = 0; k < seen.size(); ++k) {
    if (k > 0) out += k + 1 == seen.size() ? " and " : ", ";
    out += uscript_getName(seen[k]);
  }
  return out;
}

std::optional<std::string> spoofing_problem(const USpoofChecker& checker,
                                            const icu::UnicodeString& s) {
  UErrorCode e = U_ZERO_ERROR;
  const int32_t found = uspoof_check2UnicodeString(&checker, s, nullptr, &e);
  if (U_FAILURE(e)) return "the server could not check this name; try another";
  if ((found & USPOOF_RESTRICTION_LEVEL) != 0) {
    const std::string scripts = scripts_of(s);
    return "a name must be written in one script, and this one mixes " +
           (scripts.empty() ? std::string("several") : scripts);
  }
  if ((found & USPOOF_MIXED_NUMBERS) != 0)
    return "the name mixes digits of different number systems";
  if ((found & USPOOF_INVISIBLE) != 0)
    return "the name repeats an accent or mark on the same letter";
  return std::nullopt;
}

// What `name` looks like, twice: case folded before the skeleton and after it, then folded
// again (the skeleton writes "0" as "O"). Folding first makes "ALICE" and "alice" one name;
// the skeleton first sees the capital I of "AIice" as the l it passes for.
using looks = std::array<std::string, 2>;

looks looks_of(std::string_view name) {
  const auto* checker = unicode_tools::get().checker();
  const icu::UnicodeString typed = icu::UnicodeString::fromUTF8(
      icu::StringPiece(name.data(), static_cast<int32_t>(name.size())));
  icu::UnicodeString folded = typed;
  folded.foldCase();
  looks out;
  for (std::size_t k = 0; k < out.size(); ++k) {
    const icu::UnicodeString& source = k == 0 ? folded : typed;
    icu::UnicodeString skeleton = source;
    if (checker != nullptr) {
      UErrorCode e = U_ZERO_ERROR;
      icu::UnicodeString mapped;
      uspoof_getSkeletonUnicodeString(checker, 0, source, mapped, &e);
      if (U_SUCCESS(e)) skeleton = mapped;
    }
    skeleton.foldCase();
    out[k] = utf8(skeleton);
  }
  return out;
}

// The computer players are "computer 1" to "computer 5"; anything that looks like "computer"
// followed by digits is theirs.
bool looks_like_computer(const looks& name) {
  static const looks computer = looks_of("computer");
  static const looks space = looks_of(" ");
  static const std::array<looks, 10> digits = [] {
    std::array<looks, 10> d;
    for (std::size_t i = 0; i < d.size(); ++i) {
      d[i] = looks_of(std::string(1, static_cast<char>('0' + i)));
    }
    return d;
  }();
  for (std::size_t k = 0; k < name.size(); ++k) {
    std::string_view rest = name[k];
    if (!rest.starts_with(computer[k])) continue;
    rest.remove_prefix(computer[k].size());
    if (rest.starts_with(space[k])) rest.remove_prefix(space[k].size());
    while (!rest.empty()) {
      const auto digit = std::find_if(digits.begin(), digits.end(), [&](const looks& d) {
        return !d[k].empty() && rest.starts_with(d[k]);
      });
      if (digit == digits.end()) break;
      rest.remove_prefix((*digit)[k].size());
    }
    if (rest.empty()) return true;
  }
  return false;
}

}  // namespace

bool player_name::look_alike(std::string_view a, std::string_view b) {
  const looks x = looks_of(a);
  const looks y = looks_of(b);
  return x[0] == y[0] || x[1] == y[1];
}

std::array<std::string, 2> player_name::look_alike_keys(std::string_view name) {
  return looks_of(name);
}

std::variant<player_name, name_refusal> player_name::read(std::string_view typed) {
  const auto& tools = unicode_tools::get();
  if (tools.checker() == nullptr) {
    return name_refusal{"the server cannot check names just now; try again later"};
  }
  const auto raw = icu::UnicodeString::fromUTF8(
      icu::StringPiece(typed.data(), static_cast<int32_t>(typed.size())));
  if (auto problem = character_problem(raw)) return name_refusal{std::move(*problem)};
  UErrorCode e = U_ZERO_ERROR;
  const icu::UnicodeString name = tools.nfkc()->normalize(raw, e);
  if (U_FAILURE(e)) return name_refusal{"the server could not read this name; try another"};
  // NFKC can unfold one character into several ("ﷺ" is eighteen) or into a space ("¨").
  if (auto problem = character_problem(name)) return name_refusal{std::move(*problem)};
  if (name.countChar32() > static_cast<int32_t>(max_length)) {
    return name_refusal{"the name must be at most " + std::to_string(max_length) +
                        " characters long once normalised (NFKC)"};
  }
  if (auto problem = spacing_problem(name)) return name_refusal{std::move(*problem)};
  if (auto problem = spoofing_problem(*tools.checker(), name))
    return name_refusal{std::move(*problem)};
  std::string text = utf8(name);
  if (looks_like_computer(looks_of(text))) {
    return name_refusal{"names like '" + text +
                        "' are the server's computer players'; choose another"};
  }
  return player_name(std::move(text));
}

}  // namespace ringside::protocol
