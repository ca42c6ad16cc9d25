; keep.asm -- the game kept for a host that may end the program at any moment (the web
; page: a reload, a closed tab, Q): with /keep, after every change of the game it is
; written to KEEP.GAM (CHESS.GAM's layout: the start position, the moves, the level and
; the clocks) and the table's settings CHESS.GAM does not hold to KEEP.CFG (the players,
; the board turned, the opening book), and `/keep /load KEEP.GAM` goes on with the game
; where it stood, KEEP.CFG's settings read back with it (another start, a saved game
; loaded, begins with its own players).  A set-up board is not the game: nothing is
; written while it is up.
; New: not in Liberman's texts.

        section .data

keep_gam_name   db "KEEP.GAM", 0
keep_cfg_name   db "KEEP.CFG", 0
word_keep_players db "players", 0
word_keep_flip  db "flip", 0
word_keep_book  db "book", 0

; keep_words -- KEEP.CFG's settings (setting_row rows of settings.asm)
keep_words:
        dw word_keep_players, players_mode
        db PLAYER_MODES - 1
        dw word_keep_flip, flipped
        db 1
        dw word_keep_book, book_enabled
        db 1
        dw 0

        section .bss

keep_enabled    resb 1              ; /keep: KEEP.GAM and KEEP.CFG at each change
keep_loading    resb 1              ; the /load file is KEEP.GAM: KEEP.CFG goes with it

        section .text

; keep_note_load -- note whether the file /load reads is the kept game, KEEP.GAM (in
;                   any case)
; IN:  DX -> the file name, 0-terminated
; OUT: [keep_loading]
; CHG: nothing
keep_note_load:
        pusha
        mov byte [keep_loading], 0
        mov si, dx
        mov di, keep_gam_name
.char:  lodsb
        cmp al, 'a'
        jb .same
        cmp al, 'z'
        ja .same
        sub al, CASE_BIT
.same:  cmp al, [di]
        jne .done
        inc di
        test al, al
        jnz .char
        mov byte [keep_loading], 1
.done:  popa
        ret

; keep_restore -- with /keep and /load KEEP.GAM, the players, the orientation and the
;                 opening book as KEEP.CFG says (when it is there)
; IN:  [keep_enabled], [keep_loading]; KEEP.CFG or none
; OUT: [players_mode], [flipped], [book_enabled]
; CHG: EAX, BX, CX, DX, SI, DI, BP
keep_restore:
        cmp byte [keep_enabled], 0
        je .done
        cmp byte [keep_loading], 0
        je .done
        mov dx, keep_cfg_name
        mov bp, keep_words
        call settings_read
.done:  ret

; keep_write -- with /keep and no set-up board up, write KEEP.GAM and KEEP.CFG
; IN:  the game; [keep_enabled], [setup_active]
; OUT: the files written (a disk that refuses them keeps the old ones: nothing is said)
; CHG: nothing
keep_write:
        cmp byte [keep_enabled], 0
        je .done
        cmp byte [setup_active], 0
        jne .done
        pushad
        mov dx, keep_gam_name
        call savegame_put_file
        mov dx, keep_cfg_name
        mov bp, keep_words
        call settings_write
        popad
.done:  ret
