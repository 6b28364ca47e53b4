// account_book: an account's name is reserved against every name that looks like it, and one
// player has one account.
#include <doctest/doctest.h>

#include "server/account_book.hpp"

namespace ringside::server {

TEST_CASE("account_book: names are found by look-alike, not by their text") {
  account_book book;
  REQUIRE(book.add({"p1", "Alice", "h1"}) == account_book::added::yes);
  REQUIRE(book.by_name("alice"));
  CHECK(book.by_name("ALICE")->player == "p1");
  CHECK(book.by_name("a1ice")->player == "p1");     // a digit one for a letter l
  CHECK(book.by_name("\xd0\xb0lice")->player == "p1");  // a Cyrillic a
  CHECK_FALSE(book.by_name("alicia"));
  CHECK(book.add({"p2", "ALICE", "h2"}) == account_book::added::name_reserved);
  CHECK(book.add({"p1", "Bob", "h3"}) == account_book::added::already_registered);
  CHECK(book.add({"p2", "Bob", "h3"}) == account_book::added::yes);
  book.set_password("p2", "h4");
  CHECK(book.by_player("p2")->password_hash == "h4");
  book.remove("p1");
  CHECK_FALSE(book.by_name("alice"));
  CHECK(book.add({"p3", "alice", "h5"}) == account_book::added::yes);
  CHECK(book.size() == 2);
}

}  // namespace ringside::server
