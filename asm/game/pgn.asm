; pgn.asm -- the game in Portable Game Notation (Steven J. Edwards, 1994), what every
; chess program reads: the save file written as PGN (the Seven Tag Roster, TimeControl,
; SetUp and FEN for a game from a set-up position, the moves in SAN with their numbers -- "12..."
; before black's first move --, lines of at most PGN_LINE_MAX characters, the result).
; pgnread.asm reads a PGN back.  (Liberman's game kept no record of its games.)

        section .data

pgn_event       db '[Event "Liberman Chess game"]', 0
pgn_site        db '[Site "?"]', 0
pgn_date        db '[Date "', 0
pgn_round       db '[Round "-"]', 0
pgn_white       db '[White "', 0
pgn_black       db '[Black "', 0
pgn_result      db '[Result "', 0
pgn_setup       db '[SetUp "1"]', 0
pgn_time_control db '[TimeControl "', 0
pgn_fen         db '[FEN "', 0
pgn_tag_end     db '"]', 0
; pgn_player_names -- the White and Black tags' names, indexed by PLAYER_HUMAN and
; PLAYER_COMPUTER
pgn_player_names dw text_player, text_computer
text_player     db "Player", 0
text_computer   equ text_title      ; the program's name (screen/draw.asm)
result_white    db "1-0", 0
result_black    db "0-1", 0
result_draw     db "1/2-1/2", 0
result_unknown  db "*", 0

        section .bss

pgn_column      resw 1              ; characters on the line being written

        section .text

; pgn_write -- the game as PGN into the result writer: the tags, a blank line, the
;              movetext and the result
; IN:  game_fen, the record, [players], [engine_status], [engine_side], [clock_choice];
;      [out_handle]
; OUT: written, ending with a line end
; CHG: EAX, BX, ECX, EDX, SI, DI
pgn_write:
        mov si, pgn_event
        call pgn_tag_line
        mov si, pgn_site
        call pgn_tag_line
        mov si, pgn_date
        call out_string
        mov ah, DOS_GET_DATE
        int DOS                     ; CX = year, DH = month, DL = day
        movzx eax, cx
        call out_u32
        mov al, dh
        call pgn_date_part
        mov al, dl
        call pgn_date_part
        mov si, pgn_tag_end
        call pgn_tag_line
        mov si, pgn_round
        call pgn_tag_line
        mov si, pgn_white
        mov bl, [players + (WHITE >> COLOUR_SHIFT)]
        call pgn_player_tag
        mov si, pgn_black
        mov bl, [players + (BLACK >> COLOUR_SHIFT)]
        call pgn_player_tag
        mov si, pgn_result
        call out_string
        call pgn_result_text
        call out_string
        push si
        mov si, pgn_tag_end
        call pgn_tag_line
        mov si, pgn_time_control
        call out_string
        call chessclock_pgn
        mov si, pgn_tag_end
        call pgn_tag_line
        call pgn_setup_tags
        call out_crlf
        mov word [pgn_column], 0
        xor bx, bx
.ply:   cmp bx, [engine_plies]
        jae .result
        call file_move_number       ; EAX = number, CF set for black's move
        jnc .number
        cmp bx, 1
        jae .san                    ; black's move after white's: no number
.number:                            ; CF: black's move (CF of `cmp bx, 1` when BX = 0)
        call pgn_number_word
.san:   call game_san_fetch
        call pgn_text_word
        inc bx
        jmp .ply
.result:
        pop si
        call pgn_text_word
        jmp out_crlf

; pgn_tag_line -- a text and a line end
; IN:  SI -> the text
; OUT: written
; CHG: nothing
pgn_tag_line:
        call out_string
        jmp out_crlf

; pgn_date_part -- ".MM" or ".DD" of the Date tag
; IN:  AL = the month or the day
; OUT: written
; CHG: EAX
pgn_date_part:
        push ax
        mov al, '.'
        call out_char
        pop ax
        movzx eax, al
        cmp al, DECIMAL_BASE
        jae .digits
        push ax
        mov al, '0'
        call out_char
        pop ax
.digits:
        jmp out_u32

; pgn_player_tag -- the White or Black tag: who plays that colour
; IN:  SI -> the tag's start; BL = PLAYER_HUMAN or PLAYER_COMPUTER
; OUT: written
; CHG: BX, SI
pgn_player_tag:
        call out_string
        movzx bx, bl
        shl bx, 1
        mov si, [pgn_player_names + bx]
        call out_string
        mov si, pgn_tag_end
        jmp pgn_tag_line

; pgn_setup_tags -- SetUp and FEN when the game did not begin at the start position
; IN:  game_fen
; OUT: written, or nothing
; CHG: AL, SI, DI
pgn_setup_tags:
        mov si, game_fen
        mov di, start_fen_text
.same:  mov al, [si]
        cmp al, [di]
        jne .other
        inc si
        inc di
        test al, al
        jnz .same
        ret
.other: mov si, pgn_setup
        call pgn_tag_line
        mov si, pgn_fen
        call out_string
        mov si, game_fen
        call out_string
        mov si, pgn_tag_end
        jmp pgn_tag_line

; pgn_result_text -- the game's result as PGN says it: 1-0, 0-1, 1/2-1/2, or * while it
;                    goes on (a game too long for the record is called a draw; a
;                    fallen flag loses, or draws when the other side has its king alone)
; IN:  [engine_status], [engine_side], [chess_flag], the board (engine_square)
; OUT: SI -> the text
; CHG: nothing else
pgn_result_text:
        mov si, result_draw
        cmp byte [chess_flag], 0
        je .board
        call chessclock_drawn
        jc .done
        mov si, result_black        ; the side to move lost on time
        cmp byte [engine_side], WHITE
        je .done
        mov si, result_white
        ret
.board: mov si, result_unknown
        cmp byte [engine_status], STATUS_OVER
        jb .done
        mov si, result_draw
        cmp byte [engine_status], STATUS_MATE
        jne .done
        mov si, result_white        ; the side to move is mated
        cmp byte [engine_side], WHITE
        jne .done
        mov si, result_black
.done:  ret

; pgn_number_word -- a move number as a word of the movetext: "12." or "12..."
; IN:  EAX = the number; CF set for black's move
; OUT: written
; CHG: CX, EDX
pgn_number_word:
        pushf
        push eax
        mov cx, 1                   ; the dot
        jnc .digits
        add cx, 2                   ; the ellipsis
.digits:
        push ebx
        mov ebx, DECIMAL_BASE
.count: xor edx, edx
        div ebx
        inc cx
        test eax, eax
        jnz .count
        pop ebx
        pop eax
        call pgn_space_for
        call out_u32
        push ax
        mov al, '.'
        call out_char
        pop ax
        popf
        jnc .done
        push si
        mov si, text_ellipsis
        call out_string
        pop si
.done:  ret

; pgn_text_word -- a word of the movetext (a move, the result)
; IN:  SI -> the text, 0-terminated
; OUT: written
; CHG: CX
pgn_text_word:
        push si
        xor cx, cx
.count: cmp byte [si], 0
        je .counted
        inc si
        inc cx
        jmp .count
.counted:
        pop si
        call pgn_space_for
        jmp out_string

; pgn_space_for -- what goes before a word of CX characters: nothing at the start of a
;                  line, a space, or a line end when the word would pass PGN_LINE_MAX
; IN:  CX = the word's length; [pgn_column]
; OUT: written; [pgn_column] counts the word
; CHG: nothing
pgn_space_for:
        push ax
        mov ax, [pgn_column]
        test ax, ax
        jz .count
        inc ax                      ; the space
        add ax, cx
        cmp ax, PGN_LINE_MAX
        ja .new_line
        call out_space
        mov ax, [pgn_column]
        inc ax
        jmp .count
.new_line:
        call out_crlf
        xor ax, ax
.count: add ax, cx
        mov [pgn_column], ax
        pop ax
        ret
