; pieces.asm -- the six pieces as pictures, and the routine that lays one on a square
; (Liberman: TOURR, CHEVALL, OFFICIERR, REINE, ROII, PEONN drew them; COLORUNO and
; COLORDOS chose white or black "free of charge").

; pieces.asm: the kinds of pixel of piece_art, ART_BITS bits each, the first pixel of a
; byte in its top bits
ART_BITS        equ 2
ART_PIXEL_MASK  equ (1 << ART_BITS) - 1
ART_BYTE_PIXELS equ 8 / ART_BITS
ART_CLEAR       equ 0               ; '.' not drawn: the square shows through
ART_LINE        equ 1               ; '#' the outline
ART_BODY        equ 2               ; 'o' the body
ART_MARK        equ 3               ; 'x' an inner mark
PIECE_ART_BYTES equ PIECE_PX * PIECE_PX / ART_BYTE_PIXELS
%if PIECE_PX % ART_BYTE_PIXELS
%error "a row of piece_art must fill whole bytes"
%endif

; pieces.asm: a row of piece_inks
struc inks
        .line           resb 1
        .body           resb 1
        .mark           resb 1
endstruc

        section .data

; art_row -- one row of piece_art, written as PIECE_PX characters, one a pixel, and
; assembled as PIECE_PX / ART_BYTE_PIXELS bytes of ART_BITS-bit pixel kinds
%macro art_row 1
  %strlen %%length %1
  %if %%length != PIECE_PX
    %error "a row of piece_art has PIECE_PX pixels"
  %endif
  %assign %%at 1
  %rep PIECE_PX / ART_BYTE_PIXELS
    %assign %%byte 0
    %rep ART_BYTE_PIXELS
      %substr %%pixel %1 %%at
      %if %%pixel == '.'
        %assign %%kind ART_CLEAR
      %elif %%pixel == '#'
        %assign %%kind ART_LINE
      %elif %%pixel == 'o'
        %assign %%kind ART_BODY
      %elif %%pixel == 'x'
        %assign %%kind ART_MARK
      %else
        %error "piece_art draws with . # o x"
      %endif
      %assign %%byte (%%byte << ART_BITS) | %%kind
      %assign %%at %%at + 1
    %endrep
        db %%byte
  %endrep
%endmacro

; ---------------------------------------------------------------------------------------
; piece_art -- one PIECE_PX x PIECE_PX picture a piece kind, in the order of the piece
; bits of the square byte (ROOK 0, KNIGHT 1, BISHOP 2, QUEEN 3, KING 4, PAWN 5): the
; picture at [piece_art + kind * PIECE_ART_BYTES], row 0 at the top, ART_BYTE_PIXELS
; pixels a byte from left to right, the first in the byte's top ART_BITS bits.
; Written one character a pixel, so the table is its own drawing (art_row packs it):
;   .  ART_CLEAR  not drawn: the square shows through
;   #  ART_LINE   the outline        (PAL_WHITE_LINE / PAL_BLACK_LINE)
;   o  ART_BODY   the body           (PAL_WHITE_BODY / PAL_BLACK_BODY)
;   x  ART_MARK   an inner mark      (the white piece's line colour; PAL_MARK on a black
;                                     piece)
; The harness reads these bytes from CHESS.COM (symbol piece_art) to recognise the
; pieces on a screenshot.
piece_art:
piece_art_rook:
        art_row "................"
        art_row "................"
        art_row "..###..##..###.."
        art_row "..#o####o###o#.."
        art_row "..#oooooooooo#.."
        art_row "...#xxxxxxxx#..."
        art_row "....#oooooo#...."
        art_row "....#oooooo#...."
        art_row "....#oooooo#...."
        art_row "....#oooooo#...."
        art_row "....#oooooo#...."
        art_row "...#xxxxxxxx#..."
        art_row "..#oooooooooo#.."
        art_row ".#oooooooooooo#."
        art_row ".##############."
        art_row "................"
piece_art_knight:
        art_row "................"
        art_row "......##.##....."
        art_row ".....#o##o#....."
        art_row "....#ooooooo#..."
        art_row "...#oooxooooo#.."
        art_row "..#ooooooooooo#."
        art_row ".#oooooooooooo#."
        art_row ".#ooo##ooooooo#."
        art_row "..###.#ooooooo#."
        art_row ".....#oooooooo#."
        art_row "....#ooooooooo#."
        art_row "...#oooooooooo#."
        art_row "...#oooooooooo#."
        art_row "..#oooooooooooo#"
        art_row "..##############"
        art_row "................"
piece_art_bishop:
        art_row "................"
        art_row ".......##......."
        art_row "......#oo#......"
        art_row ".......##......."
        art_row "......#oo#......"
        art_row ".....#ooxo#....."
        art_row "....#ooxooo#...."
        art_row "....#oxoooo#...."
        art_row "....#oooooo#...."
        art_row ".....#oooo#....."
        art_row "......#oo#......"
        art_row ".....#xxxx#....."
        art_row "....#oooooo#...."
        art_row "..#oooooooooo#.."
        art_row "..############.."
        art_row "................"
piece_art_queen:
        art_row "................"
        art_row ".#.....##.....#."
        art_row "#o#...#oo#...#o#"
        art_row ".#.#...##...#.#."
        art_row ".#o#...##...#o#."
        art_row ".#oo#.#oo#.#oo#."
        art_row ".#ooo#oooo#ooo#."
        art_row "..#oooooooooo#.."
        art_row "..#oooooooooo#.."
        art_row "...#xxxxxxxx#..."
        art_row "...#oooooooo#..."
        art_row "...#oooooooo#..."
        art_row "..#xxxxxxxxxx#.."
        art_row "..#oooooooooo#.."
        art_row "..############.."
        art_row "................"
piece_art_king:
        art_row ".......##......."
        art_row ".....##oo##....."
        art_row ".....#oooo#....."
        art_row ".....##oo##....."
        art_row "..###.#oo#.###.."
        art_row ".#ooo##oo##ooo#."
        art_row "#ooooo#oo#ooooo#"
        art_row "#oooooo##oooooo#"
        art_row "#oooooooooooooo#"
        art_row ".#oooooooooooo#."
        art_row "..#oooooooooo#.."
        art_row "...#xxxxxxxx#..."
        art_row "...#oooooooo#..."
        art_row "..#oooooooooo#.."
        art_row "..############.."
        art_row "................"
piece_art_pawn:
        art_row "................"
        art_row "................"
        art_row ".......##......."
        art_row "......#oo#......"
        art_row ".....#oooo#....."
        art_row ".....#oooo#....."
        art_row "......#oo#......"
        art_row ".....#oooo#....."
        art_row "......#oo#......"
        art_row "......#oo#......"
        art_row ".....#oooo#....."
        art_row "....#oooooo#...."
        art_row "...#oooooooo#..."
        art_row "..#oooooooooo#.."
        art_row "..############.."
        art_row "................"
%if $ - piece_art != PIECE_KINDS * PIECE_ART_BYTES
%error "piece_art needs PIECE_PX rows for each of the six pieces"
%endif
%if piece_art_knight - piece_art != KNIGHT * PIECE_ART_BYTES || piece_art_pawn - piece_art != PAWN * PIECE_ART_BYTES
%error "piece_art must follow the order of the piece codes"
%endif

; piece_inks -- the colour of each kind of pixel, per piece colour: indexed by
; colour >> COLOUR_SHIFT (0 black, 1 white), then line, body, mark (the pixel kinds
; ART_LINE .. ART_MARK in their order).
%if inks.body - inks.line != ART_BODY - ART_LINE || inks.mark - inks.line != ART_MARK - ART_LINE
%error "piece_inks must follow the order of the pixel kinds"
%endif
piece_inks:
        db PAL_BLACK_LINE, PAL_BLACK_BODY, PAL_MARK
        db PAL_WHITE_LINE, PAL_WHITE_BODY, PAL_WHITE_LINE

        section .text

; piece_draw -- lay a piece's picture on the screen, its ART_CLEAR pixels left as they are
;               (Liberman: PIECE's call of TOURR .. PEONN after COLORUNO / COLORDOS)
; IN:  AL = the square byte (a piece, not EMPTY); BX = x, DX = y of the picture
; OUT: the picture drawn
; CHG: nothing
piece_draw:
        pusha
        push es
        push VGA_SEGMENT
        pop es
        call video_address
        mov bx, piece_inks + inks.line - ART_LINE ; BX + a pixel kind -> its ink
        test al, WHITE
        jz .inks
        add bx, inks_size
.inks:
        and ax, PIECE_MASK
        imul si, ax, PIECE_ART_BYTES
        add si, piece_art
        mov ch, PIECE_PX
.row:   mov cl, PIECE_PX
.pixel: test cl, ART_BYTE_PIXELS - 1
        jnz .kind
        lodsb                       ; the next ART_BYTE_PIXELS pixels
        mov dl, al
.kind:  rol dl, ART_BITS
        mov al, dl
        and al, ART_PIXEL_MASK
        jz .next                    ; ART_CLEAR
        xlatb
        mov [es:di], al
.next:  inc di
        dec cl
        jnz .pixel
        add di, SCREEN_W - PIECE_PX
        dec ch
        jnz .row
        pop es
        popa
        ret
