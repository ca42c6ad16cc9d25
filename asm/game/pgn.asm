; pgn.asm -- the game in Portable Game Notation (Steven J. Edwards, 1994), what every
; chess program reads: the save file written as PGN (the Seven Tag Roster, TimeControl,
; SetUp and FEN for a game from a set-up position, the moves in SAN with their numbers -- "12..."
; before black's first move --, lines of at most PGN_LINE_MAX characters, the result),
; and a PGN read back by /load: its FEN tag, then the main line's moves, past comments,
; variations, NAGs and move numbers.  (Liberman's game kept no record of its games.)

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
pgn_fen_tag     db "[FEN", 0
; pgn_player_names -- the White and Black tags' names, indexed by PLAYER_HUMAN and
; PLAYER_COMPUTER
pgn_player_names dw text_player, text_computer
text_player     db "Player", 0
text_computer   db "Liberman Chess", 0
result_white    db "1-0", 0
result_black    db "0-1", 0
result_draw     db "1/2-1/2", 0
result_unknown  db "*", 0
msg_bad_move    db "PGN: bad move", 0

        section .bss

pgn_moves       resw 1              ; -> GS: the movetext /load found, still to play; 0: none
pgn_column      resw 1              ; characters on the line being written
pgn_word        resb PGN_WORD_BYTES ; the move being read, without + # ! ?
pgn_san         resb SAN_BYTES      ; a legal move's SAN, to compare with it
pgn_number      resb PGN_WORD_BYTES ; "12..." for the message naming a bad move

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

; pgn_detect -- is a text PGN rather than a FEN? It is when it starts with a tag or
;              with a move number ("1." -- a FEN's first rank has no dot)
; IN:  GS:SI -> the text's first character that is not white space
; OUT: CF clear if it is PGN
; CHG: AL
pgn_detect:
        cmp byte [gs:si], '['
        je .pgn
        push si
.digit: gs lodsb
        sub al, '0'
        cmp al, DECIMAL_BASE - 1
        jbe .digit
        cmp byte [gs:si - 1], '.'
        pop si
        je .pgn
        stc
        ret
.pgn:   clc
        ret

; pgn_skip_space -- step over white space in the file /load read
; IN:  GS:SI -> the text
; OUT: SI -> the first character that is not white space (possibly the 0 at the end)
; CHG: nothing else
pgn_skip_space:
        push ax
.next:  gs lodsb
        call text_is_space
        je .next
        dec si
        pop ax
        ret

; pgn_load -- take a PGN's tags: its FEN, if any, becomes the game's start; the
;             movetext is kept for pgn_replay.  Each tag line is copied into load_buf
;             for the DS readers; a FEN value without its closing quote is no FEN.
; IN:  GS:SI -> the text, 0-terminated, at its first tag or move
; OUT: game_fen (if a FEN tag); [pgn_moves] -> the movetext in GS
; CHG: AL, BX, SI, DI
pgn_load:
.tag:   call pgn_skip_space
        cmp byte [gs:si], '['
        jne .moves
        call file_line_copy         ; a tag longer than load_buf keeps its start
        push si
        mov si, load_buf
        mov bx, pgn_fen_tag
        call text_match_word
        jc .next
        call text_skip_space
        cmp byte [si], '"'
        jne .next
        inc si
        mov di, si
.value: mov al, [di]
        test al, al
        jz .next
        inc di
        cmp al, '"'
        jne .value
        mov byte [di - 1], 0        ; the value ends here, and so does the tag for us
        call game_set_fen
.next:  pop si
        jmp .tag
.moves: mov [pgn_moves], si
        ret

; pgn_replay -- play the moves of the PGN /load read, from the game's start: each
;               matched to the SAN of a legal move; a move that is none stops the
;               replay with a message naming it ("12... Nf3")
; IN:  [pgn_moves] (GS:, 0: nothing to play); the game set up
; OUT: the moves played, then drawn and logged; [pgn_moves] = 0
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
pgn_replay:
        mov si, [pgn_moves]
        test si, si
        jz .done
        mov word [pgn_moves], 0
.move:  call pgn_next_move
        jc .end
        cmp byte [engine_status], STATUS_OVER
        jae .bad                    ; no move after the end of the game
        call pgn_find_move
        jc .bad
        push si
        call game_enter             ; drawn and logged once, at the end: a long game
        jc .entered                 ; would redraw and relog its record at every move
        call chessclock_moved
.entered:
        pop si
        jmp .move
.end:   jmp screen_refresh
.bad:   mov di, message_buf
        mov si, msg_bad_move
        call message_add
        call message_new_line
        mov bx, [engine_plies]
        call file_move_number
        push di
        mov di, pgn_number
        pushf
        call text_number        ; the panel's numbers stay below 65536
        mov byte [di], '.'
        inc di
        popf
        jnc .space
        mov word [di], '..'
        add di, 2
.space: mov word [di], SPACE        ; and the 0
        pop di
        mov si, pgn_number
        call message_add
        mov si, pgn_word
        call message_add
        call screen_refresh
.done:  ret

; pgn_next_move -- the next move of the movetext's main line, past white space, move
;                  numbers, {comments}, ; comments, (variations), $NAGs and escapes
; IN:  GS:SI -> the movetext
; OUT: CF clear: pgn_word = the move without + # ! ?, SI past it; CF set: the end of
;      the moves (the text's end, a result, *)
; CHG: AX, CX, DI
pgn_next_move:
.skip:  gs lodsb
        test al, al
        jz .end
        call text_is_space
        je .skip
        cmp al, '{'
        je .comment
        cmp al, ';'
        je .to_line_end
        cmp al, '%'
        je .to_line_end
        cmp al, '('
        je .variation
        cmp al, ')'
        je .skip                    ; a stray close: nothing to play
        cmp al, '$'
        je .nag
        cmp al, '*'
        je .end
        cmp al, '.'
        je .skip
        cmp al, '0'
        jne .digit
        cmp word [gs:si], '-0'         ; 0-0 and 0-0-0: castling written with zeros
        je .word
.digit: mov ah, al
        sub ah, '0'
        cmp ah, DECIMAL_BASE - 1
        jbe .number
.word:  mov di, pgn_word
        dec si
.copy:  gs lodsb
        call pgn_word_end
        je .copied
        cmp al, '0'                 ; no SAN square has a zero: it is castling's O
        jne .promotion
        mov al, 'O'
.promotion:                         ; e8Q: a piece letter right after the rank is a
        call pgn_promotion_letter   ; promotion written without its '='
        jne .plain
        cmp di, pgn_word
        je .plain
        mov ah, [di - 1]
        sub ah, '1'
        cmp ah, FILES - 1           ; ranks are written 1 to 8
        ja .plain
        cmp di, pgn_word + PGN_WORD_BYTES - 2
        jae .plain
        mov byte [di], '='
        inc di
.plain:
        cmp al, '+'
        je .copy
        cmp al, '#'
        je .copy
        cmp al, '!'
        je .copy
        cmp al, '?'
        je .copy
        cmp di, pgn_word + PGN_WORD_BYTES - 1
        jae .copy                   ; too long for a move: it will match none
        mov [di], al
        inc di
        jmp .copy
.copied:
        dec si
        mov byte [di], 0
        clc
        ret
.comment:
        gs lodsb
        test al, al
        jz .end
        cmp al, '}'
        jne .comment
        jmp .skip
.to_line_end:
        gs lodsb
        test al, al
        jz .end
        cmp al, LF
        jne .to_line_end
        jmp .skip
.variation:
        mov cx, 1                   ; variations nest
.inside:
        gs lodsb
        test al, al
        jz .end
        cmp al, '('
        jne .close
        inc cx
.close: cmp al, ')'
        jne .inside
        loop .inside
        jmp .skip
.nag:   gs lodsb
        sub al, '0'
        cmp al, DECIMAL_BASE - 1
        jbe .nag
        dec si
        jmp .skip
.number:                            ; "12." "12..." or a result: 1-0 0-1 1/2-1/2
        gs lodsb
        cmp al, '-'
        je .end
        cmp al, '/'
        je .end
        sub al, '0'
        cmp al, DECIMAL_BASE - 1
        jbe .number
        dec si
        jmp .skip
.end:   stc
        ret

; pgn_promotion_letter -- is this character a piece a pawn may promote to, in SAN?
; IN:  AL = the character
; OUT: ZF set if it is Q, R, B or N
; CHG: nothing
pgn_promotion_letter:
        cmp al, 'Q'
        je .done
        cmp al, 'R'
        je .done
        cmp al, 'B'
        je .done
        cmp al, 'N'
.done:  ret

; pgn_word_end -- does a move's text end at this character?
; IN:  AL = the character
; OUT: ZF set if it does (the text's end, white space, or the start of a comment,
;      a variation or a NAG)
; CHG: nothing
pgn_word_end:
        test al, al
        jz .done
        call text_is_space
        je .done
        cmp al, '{'
        je .done
        cmp al, '('
        je .done
        cmp al, ')'
        je .done
        cmp al, ';'
        je .done
        cmp al, '$'
.done:  ret

; pgn_find_move -- the legal move whose SAN is the move read
; IN:  pgn_word; ES:0 = the legal moves, [engine_legal] of them
; OUT: CF clear, EAX = the move record; CF set if none is
; CHG: BX, CX, DX, DI
pgn_find_move:
        push si
        xor bx, bx
        mov cx, [engine_legal]
        jcxz .none
.move:  mov eax, [es:bx]
        mov di, pgn_san
        call notation_san
        mov si, pgn_san
        mov di, pgn_word
.same:  mov dl, [si]
        cmp dl, [di]
        jne .next
        inc si
        inc di
        test dl, dl
        jnz .same
        pop si
        clc
        ret
.next:  add bx, MOVE_SIZE
        loop .move
.none:  pop si
        stc
        ret
