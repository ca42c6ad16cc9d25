; pieces.asm -- the six pieces as pictures, and the routine that lays one on a square
; (Liberman: TOURR, CHEVALL, OFFICIERR, REINE, ROII, PEONN drew them; COLORUNO and
; COLORDOS chose white or black "free of charge").

; pieces.asm: the characters of piece_art, one a pixel
ART_CLEAR       equ '.'
ART_LINE        equ '#'
ART_BODY        equ 'o'
ART_MARK        equ 'x'
PIECE_ART_BYTES equ PIECE_PX * PIECE_PX

; pieces.asm: a row of piece_inks
struc inks
        .line           resb 1
        .body           resb 1
        .mark           resb 1
endstruc

        section .data

; ---------------------------------------------------------------------------------------
; piece_art -- one PIECE_PX x PIECE_PX picture a piece kind, in the order of the piece
; bits of the square byte (ROOK 0, KNIGHT 1, BISHOP 2, QUEEN 3, KING 4, PAWN 5): byte
; [piece_art + kind * PIECE_ART_BYTES + row * PIECE_PX + column], row 0 at the top.
; One character a pixel, so the table is its own drawing:
;   .  not drawn: the square shows through
;   #  the outline        (PAL_WHITE_LINE / PAL_BLACK_LINE)
;   o  the body           (PAL_WHITE_BODY / PAL_BLACK_BODY)
;   x  an inner mark      (the white piece's line colour; PAL_MARK on a black piece)
; The harness reads these bytes from CHESS.COM (symbol piece_art) to recognise the
; pieces on a screenshot.
piece_art:
piece_art_rook:
        db "................"
        db "................"
        db "..###..##..###.."
        db "..#o####o###o#.."
        db "..#oooooooooo#.."
        db "...#xxxxxxxx#..."
        db "....#oooooo#...."
        db "....#oooooo#...."
        db "....#oooooo#...."
        db "....#oooooo#...."
        db "....#oooooo#...."
        db "...#xxxxxxxx#..."
        db "..#oooooooooo#.."
        db ".#oooooooooooo#."
        db ".##############."
        db "................"
piece_art_knight:
        db "................"
        db "......##.##....."
        db ".....#o##o#....."
        db "....#ooooooo#..."
        db "...#oooxooooo#.."
        db "..#ooooooooooo#."
        db ".#oooooooooooo#."
        db ".#ooo##ooooooo#."
        db "..###.#ooooooo#."
        db ".....#oooooooo#."
        db "....#ooooooooo#."
        db "...#oooooooooo#."
        db "...#oooooooooo#."
        db "..#oooooooooooo#"
        db "..##############"
        db "................"
piece_art_bishop:
        db "................"
        db ".......##......."
        db "......#oo#......"
        db ".......##......."
        db "......#oo#......"
        db ".....#ooxo#....."
        db "....#ooxooo#...."
        db "....#oxoooo#...."
        db "....#oooooo#...."
        db ".....#oooo#....."
        db "......#oo#......"
        db ".....#xxxx#....."
        db "....#oooooo#...."
        db "..#oooooooooo#.."
        db "..############.."
        db "................"
piece_art_queen:
        db "................"
        db ".#.....##.....#."
        db "#o#...#oo#...#o#"
        db ".#.#...##...#.#."
        db ".#o#...##...#o#."
        db ".#oo#.#oo#.#oo#."
        db ".#ooo#oooo#ooo#."
        db "..#oooooooooo#.."
        db "..#oooooooooo#.."
        db "...#xxxxxxxx#..."
        db "...#oooooooo#..."
        db "...#oooooooo#..."
        db "..#xxxxxxxxxx#.."
        db "..#oooooooooo#.."
        db "..############.."
        db "................"
piece_art_king:
        db ".......##......."
        db ".....##oo##....."
        db ".....#oooo#....."
        db ".....##oo##....."
        db "..###.#oo#.###.."
        db ".#ooo##oo##ooo#."
        db "#ooooo#oo#ooooo#"
        db "#oooooo##oooooo#"
        db "#oooooooooooooo#"
        db ".#oooooooooooo#."
        db "..#oooooooooo#.."
        db "...#xxxxxxxx#..."
        db "...#oooooooo#..."
        db "..#oooooooooo#.."
        db "..############.."
        db "................"
piece_art_pawn:
        db "................"
        db "................"
        db ".......##......."
        db "......#oo#......"
        db ".....#oooo#....."
        db ".....#oooo#....."
        db "......#oo#......"
        db ".....#oooo#....."
        db "......#oo#......"
        db "......#oo#......"
        db ".....#oooo#....."
        db "....#oooooo#...."
        db "...#oooooooo#..."
        db "..#oooooooooo#.."
        db "..############.."
        db "................"
%if $ - piece_art != PIECE_KINDS * PIECE_ART_BYTES
%error "piece_art needs PIECE_PX rows of PIECE_PX pixels for each of the six pieces"
%endif
%if piece_art_knight - piece_art != KNIGHT * PIECE_ART_BYTES || piece_art_pawn - piece_art != PAWN * PIECE_ART_BYTES
%error "piece_art must follow the order of the piece codes"
%endif

; piece_inks -- the colour of each kind of pixel, per piece colour: indexed by
; colour >> COLOUR_SHIFT (0 black, 1 white), then line, body, mark.
piece_inks:
        db PAL_BLACK_LINE, PAL_BLACK_BODY, PAL_MARK
        db PAL_WHITE_LINE, PAL_WHITE_BODY, PAL_WHITE_LINE

        section .text

; piece_draw -- lay a piece's picture on the screen, its pixels "." left as they are
;               (Liberman: PIECE's call of TOURR .. PEONN after COLORUNO / COLORDOS)
; IN:  AL = the square byte (a piece, not EMPTY); BX = x, DX = y of the picture
; OUT: the picture drawn
; CHG: nothing
piece_draw:
        pusha
        push es
        push VGA_SEGMENT
        pop es
        mov bp, piece_inks
        test al, WHITE
        jz .inks
        add bp, inks_size
.inks:
        and ax, PIECE_MASK
        imul si, ax, PIECE_ART_BYTES
        add si, piece_art
        call video_address
        mov ch, PIECE_PX
.row:   mov cl, PIECE_PX
.pixel: lodsb
        mov ah, [bp + inks.line]
        cmp al, ART_LINE
        je .put
        mov ah, [bp + inks.body]
        cmp al, ART_BODY
        je .put
        mov ah, [bp + inks.mark]
        cmp al, ART_MARK
        je .put
        inc di                      ; ART_CLEAR
        jmp .next
.put:   mov [es:di], ah
        inc di
.next:  dec cl
        jnz .pixel
        add di, SCREEN_W - PIECE_PX
        dec ch
        jnz .row
        pop es
        popa
        ret
