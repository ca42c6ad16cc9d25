; probe.asm -- the headless runner's own test program (not part of the game).
; One verb in the command tail, so each runner test exercises one thing:
;   PROBE echo TEXT          print TEXT on stdout, exit 0
;   PROBE write FILE TEXT    create FILE holding TEXT, exit 0
;   PROBE exit N             exit with code N (0..255)
;   PROBE draw               mode 13h, four coloured quarters, wait for a key, write the
;                            INT 16h key word as 4 hex digits into KEY.TXT, text mode, exit 0
;   PROBE spin               a fixed loop of SPIN_COUNT iterations; write the rdtsc and BIOS
;                            tick differences into SPIN.TXT ("tsc T ticks K"), exit 0
;   PROBE hang               never return (for the runner's time-limit test)
; Anything else prints a usage line and exits with code 2.
; New, like every test tool here.

        cpu 386
        org 100h

%include "inc/chess.inc"
%include "sys/sys.inc"

; The probe's own constants (the shared ones come from chess.inc and sys/sys.inc).
SPIN_COUNT      equ 10000000
EXIT_USAGE      equ 2
COLOUR_RED      equ 4
COLOUR_GREEN    equ 2
COLOUR_BLUE     equ 1
COLOUR_WHITE    equ 15
VERB_ROW_BYTES  equ 4               ; a row of verbs: the name, the routine
HEX_WORD_DIGITS equ 4
NIBBLE_BITS     equ 4
NIBBLE_MASK     equ 0Fh
DIGITS_END      equ 0FFFFh          ; decimal_dword's sentinel below the digits

; start -- run the verb of the command tail
; IN:  DOS .COM entry   OUT: does not return (exit code of the verb, or usage's)
start:
        cld
        call tail_terminate
        mov si, PSP_TAIL
        call skip_spaces
        mov di, verbs
.next_verb:
        mov bx, [di]                ; BX -> verb name, 0 ends the table
        test bx, bx
        jz usage
        push si
        call match_word
        jnc .found
        pop si
        add di, VERB_ROW_BYTES
        jmp .next_verb
.found:
        add sp, 2                   ; drop the saved SI: SI now points past the verb
        call skip_spaces
        jmp [di+2]

; verbs -- a row a verb: its name, its routine; 0 ends the table
verbs:  dw v_echo,  do_echo
        dw v_write, do_write
        dw v_exit,  do_exit
        dw v_draw,  do_draw
        dw v_spin,  do_spin
        dw v_hang,  do_hang
        dw 0
v_echo  db "echo", 0
v_write db "write", 0
v_exit  db "exit", 0
v_draw  db "draw", 0
v_spin  db "spin", 0
v_hang  db "hang", 0
usage_text db "usage: PROBE echo|write|exit|draw|spin|hang ...", CR, LF, '$'
key_file   db "KEY.TXT", 0
spin_file  db "SPIN.TXT", 0
hex_digits db "0123456789ABCDEF"

; tail_terminate -- put a 0 after the command tail (DOS ends it with CR)
; IN:  PSP command tail   OUT: tail 0-terminated   CHG: BX
tail_terminate:
        movzx bx, byte [PSP_TAIL_LEN]
        mov byte [PSP_TAIL+bx], 0
        ret

; skip_spaces -- IN: SI -> text   OUT: SI -> first non-space   CHG: nothing else
skip_spaces:
        cmp byte [si], SPACE
        jne .done
        inc si
        jmp skip_spaces
.done:  ret

; match_word -- does the text at SI start with the 0-terminated word at BX, followed by
; a space or the end?   IN: SI, BX   OUT: CF clear and SI past the word if it does   CHG: AL, BX
match_word:
.loop:  mov al, [bx]
        test al, al
        jz .end_of_word
        cmp al, [si]
        jne .no
        inc bx
        inc si
        jmp .loop
.end_of_word:
        cmp byte [si], SPACE
        je .yes
        cmp byte [si], 0
        je .yes
.no:    stc
        ret
.yes:   clc
        ret

; word_end -- IN: SI -> text   OUT: DI -> first space or 0 after SI   CHG: nothing else
word_end:
        mov di, si
.loop:  cmp byte [di], SPACE
        je .done
        cmp byte [di], 0
        je .done
        inc di
        jmp .loop
.done:  ret

; exit_with -- IN: AL exit code   OUT: does not return
exit_with:
        mov ah, DOS_EXIT
        int DOS

; usage -- print the usage line, exit with EXIT_USAGE
; IN:  nothing   OUT: does not return
usage:
        mov dx, usage_text
        mov ah, DOS_PRINT
        int DOS
        mov al, EXIT_USAGE
        jmp exit_with

; write_file -- create file DX and write CX bytes from SI into it
; IN: DX -> 0-terminated name, SI -> bytes, CX count   OUT: CF set on a DOS error   CHG: AX, BX
write_file:
        push cx
        xor cx, cx
        mov ah, DOS_CREATE
        int DOS
        pop cx
        jc .done
        mov bx, ax
        mov dx, si
        mov ah, DOS_WRITE
        int DOS
        mov ah, DOS_CLOSE
        int DOS
.done:  ret

; do_echo, do_write, do_exit, do_draw, do_spin, do_hang -- the verbs of the header
; IN:  SI -> the rest of the tail (spaces skipped)   OUT: do not return (do_hang: never)
do_echo:
        call word_end
.to_end:                            ; echo prints the whole rest of the tail
        cmp byte [di], 0
        je .print
        inc di
        jmp .to_end
.print: mov byte [di], CR
        mov byte [di+1], LF
        mov byte [di+2], '$'
        mov dx, si
        mov ah, DOS_PRINT
        int DOS
        xor al, al
        jmp exit_with

do_write:
        call word_end               ; SI..DI = file name
        cmp byte [di], 0
        je usage
        mov byte [di], 0
        mov dx, si
        lea si, [di+1]
        call skip_spaces
        mov di, si
        xor cx, cx
.count: cmp byte [di], 0
        je .write
        inc di
        inc cx
        jmp .count
.write: call write_file
        mov al, 0
        adc al, 0                   ; exit 1 if DOS refused the file
        jmp exit_with

do_exit:
        xor ax, ax
.digit: mov bl, [si]
        sub bl, '0'
        cmp bl, DECIMAL_BASE - 1
        ja .done
        mov cl, DECIMAL_BASE
        mul cl
        add al, bl
        inc si
        jmp .digit
.done:  jmp exit_with

do_draw:
        mov ax, VIDEO_MODE_13H
        int BIOS_VIDEO
        push es
        mov ax, VGA_SEGMENT
        mov es, ax
        xor di, di
        mov dx, SCREEN_H
.row:   mov bx, COLOUR_RED | (COLOUR_WHITE << 8)   ; BL left colour, BH right colour
        cmp dx, SCREEN_H/2
        ja .fill
        mov bx, COLOUR_BLUE | (COLOUR_GREEN << 8)
.fill:  mov al, bl
        mov cx, SCREEN_W/2
        rep stosb
        mov al, bh
        mov cx, SCREEN_W/2
        rep stosb
        dec dx
        jnz .row
        pop es
        xor ah, ah
        int BIOS_KEYBOARD           ; AX = scan code : ASCII
        mov di, number_buffer
        call hex_word
        mov ax, VIDEO_MODE_TEXT
        int BIOS_VIDEO
        mov dx, key_file
        mov si, number_buffer
        mov cx, HEX_WORD_DIGITS
        call write_file
        xor al, al
        jmp exit_with

; hex_word -- IN: AX value, DI -> 4 bytes   OUT: 4 hex digits at DI   CHG: BX, CX, DI
hex_word:
        mov cx, HEX_WORD_DIGITS
.nib:   rol ax, NIBBLE_BITS
        mov bx, ax
        and bx, NIBBLE_MASK
        mov bl, [hex_digits+bx]
        mov [di], bl
        inc di
        loop .nib
        ret

do_spin:
        push ds
        mov ax, BIOS_DATA_SEG
        mov ds, ax
        mov esi, [BIOS_TICKS]
        pop ds
        READ_TSC
        mov ebx, eax
        mov ecx, SPIN_COUNT
.spin:  dec ecx
        jnz .spin
        READ_TSC
        sub eax, ebx                ; the loop is far below 2^32 instructions
        push ds
        mov bx, BIOS_DATA_SEG
        mov ds, bx
        mov edx, [BIOS_TICKS]
        pop ds
        sub edx, esi
        push edx
        mov di, number_buffer
        mov si, s_tsc
        call copy_text
        call decimal_dword
        mov si, s_ticks
        call copy_text
        pop eax
        call decimal_dword
        mov cx, di
        sub cx, number_buffer
        mov dx, spin_file
        mov si, number_buffer
        call write_file
        xor al, al
        jmp exit_with
s_tsc   db "tsc ", 0
s_ticks db " ticks ", 0

; copy_text -- IN: SI -> 0-terminated text, DI -> buffer   OUT: DI past the copy   CHG: AL, SI
copy_text:
        lodsb
        test al, al
        jz .done
        stosb
        jmp copy_text
.done:  ret

; decimal_dword -- IN: EAX value, DI -> buffer   OUT: digits at DI, DI past them   CHG: EAX, ECX,
; EDX
decimal_dword:
        mov ecx, DECIMAL_BASE
        push word DIGITS_END
.div:   xor edx, edx
        div ecx
        push dx
        test eax, eax
        jnz .div
.out:   pop ax
        cmp ax, DIGITS_END
        je .done
        add al, '0'
        stosb
        jmp .out
.done:  ret

do_hang:
        jmp do_hang

number_buffer:                      ; scratch for the digits written by draw and spin
