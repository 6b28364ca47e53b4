#pragma once
// DVONN positions the tests share.

#include <string>

namespace ringside::dvonn::test {

// The full board of dvonn-rules.md §7: 49 placed, White to make the first move.
inline const std::string full_board =
    "a1:B,b1:B,c1:B,d1:W,e1:W,f1:W,g1:B,h1:W,i1:W,a2:B,b2:B,c2:W,d2:B,e2:W,f2:W,g2:B,h2:B,i2:B,"
    "j2:B,a3:W,b3:B,c3:B,d3:B,e3:W,f3:W,g3:W,h3:W,i3:D,j3:W,k3:B,b4:B,c4:B,d4:B,e4:B,f4:B,g4:W,"
    "h4:W,i4:B,j4:D,k4:B,c5:D,d5:W,e5:W,f5:W,g5:W,h5:B,i5:W,j5:W,k5:W 1 49";

// The same board one placement earlier: White's last piece still to go on k5.
inline const std::string full_board_but_k5 =
    "a1:B,b1:B,c1:B,d1:W,e1:W,f1:W,g1:B,h1:W,i1:W,a2:B,b2:B,c2:W,d2:B,e2:W,f2:W,g2:B,h2:B,i2:B,"
    "j2:B,a3:W,b3:B,c3:B,d3:B,e3:W,f3:W,g3:W,h3:W,i3:D,j3:W,k3:B,b4:B,c4:B,d4:B,e4:B,f4:B,g4:W,"
    "h4:W,i4:B,j4:D,k4:B,c5:D,d5:W,e5:W,f5:W,g5:W,h5:B,i5:W,j5:W 1 48";

}  // namespace ringside::dvonn::test
