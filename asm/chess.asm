; chess.asm -- CHESS.COM, a DOS chess program after Leonid Liberman's MASM engine (1997,
; 1998).  `CHESS /jobs JOBS.TXT RESULT.TXT` runs the batch protocol of asm/batch/PROTOCOL.md;
; anything else starts the interactive game.
;
; Memory: the .COM keeps MEMORY_PARAS paragraphs, eight 64 KiB segments (INT 21h AH=4Ah),
; and stops with a message naming the size when DOS cannot give them.  Its own 64 KiB
; segment holds the PSP, code, data, bss and the stack (STACK_BYTES at the end of the
; bss); the next 64 KiB segment (ES, MOVE_SEGMENT paragraphs above the PSP) holds the
; move stack: each ply's chain of 4-byte moves, back to back.  The search adds two more:
; the order score of each move beside it (FS, SCORE_SEGMENT) and the hash table (GS,
; HASH_SEGMENT, and HASH_SEGMENT_2 after the game's); the mate logic two: its table of proven
; results (FS while it runs, MATE_SEGMENT) and its defender's refutations (GS while it runs,
; MATE_SEGMENT_2, the last segment).  GS everywhere else is GAME_SEGMENT: the game's record, its SAN
; list and the jobs file's buffer (the game_area layout of game/game.inc).
;
;   CS:0000 PSP | CS:0100 code | data | bss | stack, SP = stack_top | (unused to 64 KiB)
;   ES:0000 ply 0's chain | ply 1's chain | ... (MAX_PLY * MAX_MOVES * 4) | (unused)
;           | from ES:ZOBRIST_BASE the Zobrist keys | search_order's marks | the history
;   FS:0000 a dword order score for the move at ES:0000, ES:0004, ...
;   GS:0000 4096 hash entries of 16 bytes, in buckets of two (in each hash segment)
;   FS:0000 (the mate logic) 2048 mate_entry records of 8 bytes | a reply by ply | (unused)
;           | from FS:8000 a second way's 4096 mate_entry records (where the machine has
;           XMS, the records are in a block of extended memory instead: matetable.asm)
;   GS:0000 (the mate logic) 8192 mate_reply records of 8 bytes
;   GS:0000 (outside the search) the record | the SAN list | the jobs file's buffer
;           | from GS:SPARE_RAY_LEN the move tables of the board not in play
; Every routine's header (IN / OUT / CHG) names the Liberman routine it descends from
; (`Liberman: NAME`); a header that names none is of a new routine, and each file's
; header says how much of the file is Liberman's.

        cpu 386
        org 100h
%ifdef MAP_FILE
[map all MAP_FILE]                  ; the symbol map the harness reads (nasm -DMAP_FILE=path)
%endif

%include "inc/chess.inc"
PSP_BYTES       equ 100h
SECTION_SLACK   equ 16              ; alignment padding nasm may put between sections
%ifdef PROFILE
%include "tools/profile.inc"
%endif
%ifdef STACK_METER
STACK_METER_KEPT equ 64             ; the measuring build (tools/stackmeter.asm) zeroes all the
                                    ; stack at the start but these top bytes (its return addresses)
%endif

        section .data
data_start:
        section .bss
bss_start:

        section .text

; start -- the entry point: memory, then the command tail decides batch or game
; IN:  DOS .COM entry (CS = DS = ES = SS = the PSP)
; OUT: does not return
start:
        cld
        mov sp, stack_top
        mov di, bss_start           ; DOS leaves the bss as it finds it
%ifdef STACK_METER
        mov cx, stack_top - STACK_METER_KEPT - bss_start ; the stack too: tools/stackmeter.asm
%else
        mov cx, stack_bottom - bss_start
%endif
        xor al, al
        rep stosb
        mov bx, MEMORY_PARAS        ; keep the program's segment and the seven above it
        mov ah, DOS_RESIZE
        int DOS
        jc .no_memory
        call cpu_detect
%ifdef PROFILE
        call profile_start
%endif
        mov ax, cs
        add ax, GAME_SEGMENT
        mov gs, ax
        sub ax, GAME_SEGMENT - MOVE_SEGMENT
        mov es, ax
        call hash_keys_make
        call board_spare_make
        mov si, PSP_TAIL
        movzx bx, byte [PSP_TAIL_LEN]
        mov byte [si + bx], 0       ; DOS ends the tail with CR: end it with 0
        call text_skip_space
        call start_lower_word
        mov bx, switch_jobs
        call text_match_word
        jc game_run
        call text_skip_space
        mov dx, si                  ; the jobs file
        call start_cut_word
        jc .usage
        mov bx, si                  ; the result file
        call start_cut_word
        jc .usage
        jmp jobs_run
.usage: mov si, msg_usage
        call dos_print
        mov al, EXIT_FAIL
        jmp dos_exit
.no_memory:
        mov si, msg_no_memory
        call dos_print
        mov al, EXIT_FAIL
        jmp dos_exit

; start_lower_word -- put the word at SI in small letters, so /JOBS is /jobs
; IN:  SI -> text
; OUT: the word changed in place
; CHG: nothing
start_lower_word:
        push ax
        push si
.next:  mov al, [si]
        call text_end_of_word
        je .done
        cmp al, 'A'
        jb .keep
        cmp al, 'Z'
        ja .keep
        or byte [si], CASE_BIT
.keep:  inc si
        jmp .next
.done:  pop si
        pop ax
        ret

; start_cut_word -- end a word with 0 and find the next one
; IN:  SI -> a word (or the end)
; OUT: CF set if there is no word; else the word 0-terminated in place and SI -> the
;      next word (or the end)
; CHG: AL
start_cut_word:
        cmp byte [si], 0
        je .none
.next:  inc si
        mov al, [si]
        call text_end_of_word
        jne .next
        test al, al
        jz .done
        mov byte [si], 0
        inc si
        call text_skip_space
.done:  clc
        ret
.none:  stc
        ret

        section .data
switch_jobs     db "/jobs", 0
msg_usage       db "usage: CHESS /jobs JOBS.TXT RESULT.TXT  (or CHESS [/fen FEN] to play)", CR, LF, 0
msg_no_memory   db "CHESS: not enough memory (", MEMORY_KIB_TEXT, " KiB needed)", CR, LF, 0
        section .text

; ---------------------------------------------------------------------------------------
; The system layer: DOS files and exit, text in and out, the CPU and its clocks, the limits
; of thinking, extended memory, the keyboard and the mouse, the PC speaker.  The engine's
; files, from the clocks to the front door, lie between `%define PROFILE_LAYER` and
; `%undef PROFILE_LAYER`: the profile build wraps their calls (tools/profile.inc), not the
; extended memory's far calls into the XMS driver.

%include "sys/sys.inc"
%include "sys/dos.asm"
%include "sys/text.asm"
%define PROFILE_LAYER
%include "sys/timer.asm"
%include "sys/clock.asm"
%undef PROFILE_LAYER
%include "sys/xms.asm"
%include "sys/input.asm"
%include "sys/speaker.asm"

; ---------------------------------------------------------------------------------------
; The engine core: CARREAU and the state around it, the 6x6 board, the attack test (VERROI),
; make and take back (ABPLACECARREAU), the positions played, FEN.

%include "core/core.inc"
%define PROFILE_LAYER
%include "core/board.asm"
%include "core/board6.asm"
%include "core/attack.asm"
%include "core/makemove.asm"
%include "core/history.asm"
%include "core/fen.asm"

; ---------------------------------------------------------------------------------------
; Move generation: the piece finders (TPIECE, FEUNEGRO/FEUBLANCO, TENTOUR), the 1998 rules
; of check, the quiescence moves, the hash move's test, counting and perft.

%include "movegen/movegen.inc"
%include "movegen/modes.asm"
%include "movegen/movegen.asm"
%include "movegen/freegen.asm"
%include "movegen/checks.asm"
%include "movegen/captures.asm"
%include "movegen/hashmove.asm"
%include "movegen/movecount.asm"
%include "movegen/movecheck.asm"
%include "movegen/perft.asm"

; ---------------------------------------------------------------------------------------
; Liberman's two logics: the total mate search (WHITEJOUE5PAS) with its table and its
; questions about checks, the helpmate and the selfmate on the same tree, and the
; material exchange (NOIR3).

%include "logic/logic.inc"
%include "logic/matedrive.asm"
%include "logic/mate.asm"
%include "logic/matekeys.asm"
%include "logic/matetree.asm"
%include "logic/matetable.asm"
%include "logic/matecheck.asm"
%include "logic/helpmate.asm"
%include "logic/selfmate.asm"
%include "logic/exchange.asm"

; ---------------------------------------------------------------------------------------
; The evaluation: the pawns, the pieces, the whole.

%include "eval/eval.inc"
%include "eval/pawns.asm"
%include "eval/evalpieces.asm"
%include "eval/pesto.asm"
%include "eval/eval.asm"
%include "eval/evalverify.asm"

; ---------------------------------------------------------------------------------------
; The alpha-beta search: the hash table, the move order, the node, the root.

%include "search/search.inc"
%include "search/ttable.asm"
%include "search/order.asm"
%include "search/node.asm"
%include "search/search.asm"

; ---------------------------------------------------------------------------------------
; The front door: the engine_* calls and the status block, the position for the front
; ends, the one-byte record, the opening book.

%include "engine/engine.inc"
%include "engine/engine.asm"
%include "engine/position.asm"
%include "engine/record.asm"
%include "engine/book.asm"
%undef PROFILE_LAYER

; ---------------------------------------------------------------------------------------
; The batch protocol (batch/PROTOCOL.md): the jobs file, the thinking jobs, selfplay.

%include "batch/batch.inc"
%include "batch/jobs.asm"
%include "batch/problems.asm"
%include "batch/think.asm"
%include "batch/selfplay.asm"

; ---------------------------------------------------------------------------------------
; The interactive game: the loop, the clocks, the hand, the files, the set-up board, PGN, SAN,
; the thinking shown, the hint, analysis mode, the sounds, the settings kept.

%include "game/game.inc"
%include "game/game.asm"
%include "game/chessclock.asm"
%include "game/hand.asm"
%include "game/gamefile.asm"
%include "game/savegame.asm"
%include "game/setup.asm"
%include "game/pgn.asm"
%include "game/pgnread.asm"
%include "game/notation.asm"
%include "game/thinking.asm"
%include "game/hint.asm"
%include "game/analysis.asm"
%include "game/sound.asm"
%include "game/settings.asm"
%include "game/keep.asm"

; ---------------------------------------------------------------------------------------
; The screen: mode 13h, the pieces' pictures, the board and the panel.

%include "screen/video.asm"
%include "screen/pieces.asm"
%include "screen/draw.asm"

; ---------------------------------------------------------------------------------------
; The variant builds' tools: the profile (-DPROFILE), the stack meter (-DSTACK_METER).

%ifdef PROFILE
%include "tools/profile.asm"
%endif
%ifdef STACK_METER
%include "tools/stackmeter.asm"
%endif

; ---------------------------------------------------------------------------------------
; The stack, at the top of the bss, and the check that everything fits in the segment.
        section .bss
stack_bottom:
        resb STACK_BYTES
stack_top:

        section .text
text_end:
        section .data
data_end:
        section .text
%if game_area_size > SPARE_RAY_LEN
  %error "the game segment's buffers must stay below the spare move tables (core/core.inc)"
%endif
PROGRAM_BYTES   equ PSP_BYTES + (text_end - start) + (data_end - data_start) + (stack_top - bss_start) + 3 * SECTION_SLACK
        times -(PROGRAM_BYTES > SEGMENT_BYTES) db 0 ; fails if the program and its stack do not fit
                                                    ; in 64 KiB
