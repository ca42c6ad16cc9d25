; dos.asm -- DOS services: files, the buffered result writer (numbers through
; text.asm's one decimal printer), messages on stdout, the exit.
; New: not in Liberman's texts.

        section .bss

out_handle      resw 1              ; where out_flush writes (the result file)
out_len         resw 1              ; bytes waiting in out_buf
out_buf         resb OUT_BUF_BYTES
number_buf      resb DECIMAL_DIGITS + 1

; mode_line, mode_work -- two buffers the batch and the game share.  CHESS.COM runs the
; one or the other from its start (chess.asm), never both, so each mode lays its own
; fields over them (the bss is zeroed at the start): the batch its job line and its last
; position job, the game the /load line, its FENs and its text lines.  Each user says so
; where it names its field, and checks at assembly time that it fits.
mode_line       resb MODE_BUF_BYTES
mode_work       resb MODE_BUF_BYTES

        section .text

; dos_exit -- end the program (INT 21h AH=4Ch), the PIT as the BIOS had it
; IN:  AL = exit code
; OUT: does not return
dos_exit:
%ifdef PROFILE
        call profile_write          ; the profile build's PROF.BIN (tools/profile.asm)
%endif
%ifdef STACK_METER
        call stack_meter_report     ; the measuring build's figure (tools/stackmeter.asm)
%endif
        call timer_restore
        mov si, tt_xms              ; the tables' extended memory given back
        call xms_close
        mov si, mate_xms
        call xms_close
        mov ah, DOS_EXIT
        int DOS

; dos_print -- write a 0-terminated message on stdout
; IN:  SI -> the text
; OUT: nothing
; CHG: nothing
dos_print:
        pusha
        mov dx, si
        xor cx, cx
.len:   cmp byte [si], 0
        je .write
        inc si
        inc cx
        jmp .len
.write: mov bx, STDOUT
        mov ah, DOS_WRITE
        int DOS
        popa
        ret

; dos_fail -- print a message with the file name it is about, and exit with EXIT_FAIL
; IN:  SI -> the message; DX -> the 0-terminated file name
; OUT: does not return
dos_fail:
        call dos_print
        mov si, dx
        call dos_print
        mov si, text_crlf
        call dos_print
        mov al, EXIT_FAIL
        jmp dos_exit

; out_char -- add a character to the result
; IN:  AL = the character
; OUT: nothing (the buffer is written out when full)
; CHG: nothing
out_char:
        push bx
        mov bx, [out_len]
        cmp bx, OUT_BUF_BYTES
        jb .put
        call out_flush
        xor bx, bx
.put:   mov [out_buf + bx], al
        inc bx
        mov [out_len], bx
        pop bx
        ret

; out_string -- add a 0-terminated text to the result
; IN:  SI -> the text
; OUT: nothing
; CHG: nothing
out_string:
        push ax
        push si
.next:  lodsb
        test al, al
        jz .done
        call out_char
        jmp .next
.done:  pop si
        pop ax
        ret

; out_space, out_crlf -- add a space, a line end
; IN, OUT: nothing
; CHG: nothing
out_space:
        push ax
        mov al, SPACE
        call out_char
        pop ax
        ret

out_crlf:
        push si
        mov si, text_crlf
        call out_string
        pop si
        ret

; out_u32 -- add an unsigned 32-bit number in decimal
; IN:  EAX = the number
; OUT: nothing
; CHG: nothing
out_u32:
        push edx
        xor edx, edx
        call out_u64
        pop edx
        ret

; out_u64 -- add an unsigned 64-bit number in decimal
; IN:  EDX:EAX = the number
; OUT: nothing
; CHG: nothing
out_u64:
        push si
        push di
        mov di, number_buf
        call text_number64
        mov si, number_buf
        call out_string
        pop di
        pop si
        ret

; out_flush -- write what waits in the buffer to the result file
; IN:  [out_handle]
; OUT: out_len = 0
; CHG: nothing
out_flush:
        pusha
        mov cx, [out_len]
        jcxz .done
        mov bx, [out_handle]
        mov dx, out_buf
        mov ah, DOS_WRITE
        int DOS
        mov word [out_len], 0
.done:  popa
        ret

        section .data
text_crlf       db CR, LF, 0
        section .text
