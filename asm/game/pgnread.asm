; pgnread.asm -- a PGN read back by /load (what pgn.asm writes, and what other programs
; write): its tags where they stand, the FEN tag tried at once (a FEN tag that is not
; sound refuses the file), then the main line's moves, past comments, variations, NAGs,
; move numbers, % escape lines and a byte order mark; a line ends with CR LF, LF or a
; lone CR.  (Liberman's game kept no record of its games.)

        section .data

pgn_fen_name    db "FEN", 0
pgn_tc_name     db "TimeControl", 0
msg_fen_tag     db "FEN tag, line ", 0
msg_tag_quote   db "no closing quote", 0
msg_bad_move    db "PGN: bad move", 0

        section .bss

pgn_moves       resw 1              ; -> GS: the movetext /load found, still to play; 0: none
pgn_word        resb PGN_WORD_BYTES ; the move being read, without + # ! ?
pgn_san         resb SAN_BYTES      ; a legal move's SAN, to compare with it
pgn_number      resb PGN_WORD_BYTES ; "12..." for the message naming a bad move
pgn_tag_at      resw 1              ; -> GS: the '[' of the tag being read
; pgn_fen_kept (game_fen before the file: it comes back if refused) lies in mode_work,
; with game.asm's other fields there

        section .text

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

; pgn_load -- take a PGN's tags: its FEN tag, if any, becomes the game's start, its
;             TimeControl, if one of the game's (chessclock_from_pgn), the clock; the
;             movetext is kept for pgn_replay.  Tags are read where they stand (two on
;             a line as well), past filler (pgn_skip_filler).  A FEN tag that is not
;             sound -- no quoted value, no closing quote before the line ends, a value
;             too long, or a FEN the engine refuses -- refuses the whole file: no moves,
;             game_fen as it was, and a message naming the tag's line and the fault
;             ("FEN tag, line 3" / "Bad FEN: kings")
; IN:  GS:SI -> the text, 0-terminated, at its first tag or move; ES = the move stack
; OUT: game_fen (if a FEN tag); [pgn_moves] -> the movetext in GS; or [message],
;      [pgn_moves] = 0
; CHG: EAX, BX, SI, DI
pgn_load:
        push si
        mov si, game_fen
        mov di, pgn_fen_kept
        call text_append
        pop si
.tag:   call pgn_skip_filler
        cmp byte [gs:si], '['
        jne .moves
        mov [pgn_tag_at], si
        inc si
        call pgn_tag_fen
        jc .other
        call pgn_tag_value
        jc .refused
        push si
        call file_fen_check
        jc .bad_fen
        push word [message]
        mov word [message], 0
        mov si, load_buf
        call game_set_fen
        pop ax
        cmp word [message], msg_fen_long
        je .too_long                ; game_set_fen took the start position instead
        mov [message], ax
        pop si
        jmp .skip
.other: mov si, [pgn_tag_at]        ; a TimeControl the game has becomes its clock
        inc si
        mov bx, pgn_tc_name
        call pgn_tag_named
        jc .skip
        call pgn_tag_value
        jc .unread
        push ecx
        push edx
        push si
        call chessclock_from_pgn
        pop si
        pop edx
        pop ecx
        jmp .skip
.unread:
        mov si, [pgn_tag_at]        ; a value that cannot be read: the tag skipped
        inc si
.skip:  call pgn_tag_skip
        jmp .tag
.moves: mov [pgn_moves], si
        ret
.too_long:
        pop si
        mov si, msg_fen_long
.refused:
        call pgn_refuse
        jmp message_add
.bad_fen:                           ; the text's place under the error_entry
        push si
        mov si, msg_bad_fen
        call pgn_refuse
        call message_add
        pop si
        mov si, [si + error_entry.code]
        call message_add
        pop si
        ret

; pgn_refuse -- a PGN /load will not take: no moves, game_fen as it was before the file,
;               and the first line of the message, "FEN tag, line N"
; IN:  [pgn_tag_at]; pgn_fen_kept
; OUT: [pgn_moves] = 0; game_fen; message_buf begun, DI -> its end (on the next line)
; CHG: EAX, SI, DI
pgn_refuse:
        push si
        mov word [pgn_moves], 0
        mov si, pgn_fen_kept
        mov di, game_fen
        call text_append
        mov di, message_buf
        mov si, msg_fen_tag
        call message_add
        mov si, [pgn_tag_at]
        call pgn_line_of
        push di
        mov di, pgn_number
        call text_number
        pop di
        mov si, pgn_number
        call message_add
        call message_new_line
        pop si
        ret

; pgn_tag_fen -- is the tag being read the FEN tag? Its name, after the '[' and any
;                blanks, is FEN, ended by a blank or the value's quote
; IN:  GS:SI -> past the '['
; OUT: CF clear: it is, SI past the name; CF set: another tag (SI somewhere in it)
; CHG: AL, BX
pgn_tag_fen:
        mov bx, pgn_fen_name
        ; fall through

; pgn_tag_named -- is the tag being read the one named?  (as pgn_tag_fen)
; IN:  GS:SI -> past the '['; BX -> the name
; OUT, CHG: as pgn_tag_fen
pgn_tag_named:
        call pgn_skip_blanks
.char:  mov al, [bx]
        test al, al
        jz .end
        cmp al, [gs:si]
        jne .other
        inc bx
        inc si
        jmp .char
.end:   mov al, [gs:si]
        cmp al, '"'
        je .fen
        cmp al, SPACE
        je .fen
        cmp al, TAB
        jne .other
.fen:   clc
        ret
.other: stc
        ret

; pgn_tag_value -- a tag's quoted value into load_buf (a PGN string ends on its line)
; IN:  GS:SI -> past the tag's name
; OUT: CF clear: load_buf = the value, 0-terminated, SI past its closing quote; CF set:
;      SI -> what is wrong (msg_tag_quote: no quote opens or closes it on the line;
;      msg_fen_long: longer than load_buf)
; CHG: AL, DI
pgn_tag_value:
        call pgn_skip_blanks
        cmp byte [gs:si], '"'
        jne .no_quote
        inc si
        mov di, load_buf
.char:  mov al, [gs:si]
        cmp al, '"'
        je .end
        test al, al
        jz .no_quote
        cmp al, CR
        je .no_quote
        cmp al, LF
        je .no_quote
        cmp di, load_buf + LOAD_BYTES - 1
        jae .long
        mov [di], al
        inc di
        inc si
        jmp .char
.end:   inc si
        mov byte [di], 0
        clc
        ret
.no_quote:
        mov si, msg_tag_quote
        stc
        ret
.long:  mov si, msg_fen_long
        stc
        ret

; pgn_tag_skip -- step past the end of a tag: its ']', past quoted strings (with PGN's
;                 \" escape), or the end of its line if it has none there
; IN:  GS:SI -> in the tag
; OUT: SI past the ']', or at the line's end (CR, LF or the 0)
; CHG: AL
pgn_tag_skip:
        mov al, [gs:si]
        test al, al
        jz .done
        cmp al, CR
        je .done
        cmp al, LF
        je .done
        inc si
        cmp al, ']'
        je .done
        cmp al, '"'
        jne pgn_tag_skip
.string:
        mov al, [gs:si]
        test al, al
        jz .done
        cmp al, CR
        je .done
        cmp al, LF
        je .done
        inc si
        cmp al, '"'
        je pgn_tag_skip
        cmp al, '\'
        jne .string
        cmp byte [gs:si], '"'
        jne .string
        inc si                      ; an escaped quote stays in the string
        jmp .string
.done:  ret

; pgn_skip_blanks -- step over spaces and TABs (inside a tag: not past its line)
; IN:  GS:SI -> the text
; OUT: SI -> the first other character
; CHG: nothing
pgn_skip_blanks:
        cmp byte [gs:si], SPACE
        je .next
        cmp byte [gs:si], TAB
        jne .done
.next:  inc si
        jmp pgn_skip_blanks
.done:  ret

; pgn_skip_filler -- step over what may stand before a tag or the movetext and plays
;                    no part: white space, a UTF-8 byte order mark at the file's start,
;                    % escape lines, {comments} and ; comments
; IN:  GS:SI -> the text
; OUT: SI -> the first character of none of them (possibly the 0 at the end)
; CHG: AL
pgn_skip_filler:
        cmp si, game_area.load_text
        jne .next
        cmp word [gs:si], UTF8_BOM_WORD
        jne .next
        cmp byte [gs:si + 2], UTF8_BOM_LAST
        jne .next
        add si, UTF8_BOM_BYTES
.next:  call pgn_skip_space
        mov al, [gs:si]
        cmp al, '%'
        je .line
        cmp al, ';'
        je .line
        cmp al, '{'
        jne .done
.comment:
        inc si
        mov al, [gs:si]
        test al, al
        jz .done
        cmp al, '}'
        jne .comment
        inc si
        jmp .next
.line:  inc si                      ; to the line's end: CR, LF or the 0
        mov al, [gs:si]
        test al, al
        jz .done
        cmp al, CR
        je .next
        cmp al, LF
        jne .line
        jmp .next
.done:  ret

; pgn_line_of -- the line a place of the file /load read is on (a line ends with CR LF,
;                LF or a lone CR, as in the jobs file)
; IN:  SI -> the place in GS:game_area.load_text
; OUT: EAX = its line, from 1
; CHG: nothing else
pgn_line_of:
        push bx
        push dx
        mov eax, 1
        mov bx, game_area.load_text
.char:  cmp bx, si
        jae .done
        mov dl, [gs:bx]
        inc bx
        cmp dl, LF
        je .line
        cmp dl, CR
        jne .char
        cmp byte [gs:bx], LF
        je .char                    ; CR LF: its LF counts the line
.line:  inc eax
        jmp .char
.done:  pop dx
        pop bx
        ret

; pgn_replay -- play the moves of the PGN /load read, from the game's start: each
;               matched to the SAN of a legal move; a move that is none stops the
;               replay with a message naming it ("12... Nf3").  A threefold repetition
;               or the 50-move count is a draw a player may claim (FIDE): a game that
;               plays on past one is played on; mate, stalemate, a dead position and a
;               full record end it
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
        call pgn_game_over
        jc .bad                     ; no move after the end of the game
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

; pgn_game_over -- has the game ended, for a PGN? Not at a draw one may claim only
;                  (threefold, fifty moves)
; IN:  [engine_status]
; OUT: CF set if it has
; CHG: nothing
pgn_game_over:
        cmp byte [engine_status], STATUS_OVER
        jb .on
        cmp byte [engine_status], STATUS_FIFTY
        je .on
        cmp byte [engine_status], STATUS_THREEFOLD
        je .on
        stc
        ret
.on:    clc
        ret

; pgn_next_move -- the next move of the movetext's main line, past white space, move
;                  numbers, {comments}, ; comments, (variations), $NAGs and escapes
; IN:  GS:SI -> the movetext
; OUT: CF clear: pgn_word = the move without + # ! ?, SI past it; CF set: the end of
;      the moves (the text's end, a result, *); a comment or variation the text ends
;      in: pgn_word = its opening `{` or `(`, which no move matches (the bad move named)
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
        jz .unclosed_comment
        cmp al, '}'
        jne .comment
        jmp .skip
.unclosed_comment:
        mov ax, '{'
.unclosed:                          ; AX = the opening, its 0 after it
        mov [pgn_word], ax
        dec si                      ; on the text's end: a call more gives the end
        clc
        ret
.to_line_end:                       ; a line ends with CR LF, LF or a lone CR
        gs lodsb
        test al, al
        jz .end
        cmp al, CR
        je .skip
        cmp al, LF
        jne .to_line_end
        jmp .skip
.variation:
        mov cx, 1                   ; variations nest
.inside:
        gs lodsb
        test al, al
        mov ah, 0
        jnz .open
        mov al, '('
        jmp .unclosed
.open:
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
