; game.asm -- the interactive game: not built yet, a stub another engineer replaces.

        section .data
msg_no_game     db "CHESS: the interactive game is not built yet; use /jobs", CR, LF, 0
        section .text

; game_run -- play a game on the screen (Liberman: FICHAS, PIECE and the cursor play)
; IN:  SI -> the rest of the command tail, 0-terminated (`/fen <FEN>` or nothing)
; OUT: does not return (exit code 0)
game_run:
        mov si, msg_no_game
        call dos_print
        mov al, EXIT_OK
        jmp dos_exit
