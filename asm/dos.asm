; dos.asm -- DOS services: files, the buffered result writer, decimal numbers (32- and
; 64-bit unsigned), messages on stdout, the exit; and the small text scanners the jobs
; and the FEN reader share.

        section .bss

out_handle      resw 1              ; where out_flush writes (the result file)
out_len         resw 1              ; bytes waiting in out_buf
out_buf         resb OUT_BUF_BYTES
number_buf      resb DECIMAL_DIGITS

        section .text

; dos_exit -- end the program (INT 21h AH=4Ch), the PIT as the BIOS had it
; IN:  AL = exit code
; OUT: does not return
dos_exit:
        call timer_restore
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
        pushad
        mov ecx, DECIMAL_BASE
        mov bx, DECIMAL_DIGITS
.digit: mov esi, eax                ; divide EDX:EAX by 10, high dword first
        mov eax, edx
        xor edx, edx
        div ecx
        mov edi, eax                ; the high dword of the quotient
        mov eax, esi
        div ecx                     ; EDX = the high remainder:low dword, < 10 * 2^32
        add dl, '0'
        dec bx
        mov [number_buf + bx], dl
        mov edx, edi
        mov esi, eax
        or esi, edx
        jnz .digit
.put:   mov al, [number_buf + bx]
        call out_char
        inc bx
        cmp bx, DECIMAL_DIGITS
        jb .put
        popad
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

; text_is_space -- is a character white space (space, TAB, LF, VT, FF, CR)?
; IN:  AL = the character
; OUT: ZF set if it is
; CHG: nothing
text_is_space:
        cmp al, SPACE
        je .done
        cmp al, TAB
        jb .no
        cmp al, LAST_CONTROL_WS
        ja .no
        cmp al, al                  ; ZF set
        ret
.no:    cmp al, SPACE               ; ZF clear: AL is not a space
.done:  ret

; text_is_printable -- is a character printable ASCII (SPACE .. '~')?
; IN:  AL = the character
; OUT: CF clear if it is, set if not
; CHG: nothing
text_is_printable:
        cmp al, SPACE
        jb .done                    ; CF set: a control character
        cmp al, LAST_PRINTABLE + 1
        cmc                         ; CF set: DEL or above
.done:  ret

; text_skip_space -- step over white space
; IN:  SI -> text
; OUT: SI -> the first character that is not white space (possibly the 0 at the end)
; CHG: nothing else
text_skip_space:
        push ax
.next:  mov al, [si]
        call text_is_space
        jne .done
        inc si
        jmp .next
.done:  pop ax
        ret

; text_end_of_word -- does a word end here (white space or the end of the text)?
; IN:  AL = the character after the word
; OUT: ZF set if it does
; CHG: nothing
text_end_of_word:
        test al, al
        jz .done
        call text_is_space
.done:  ret

; text_match_word -- does the text start with a given word, followed by white space or
;                    the end?
; IN:  SI -> text; BX -> the 0-terminated word
; OUT: CF clear and SI past the word if it does; CF set and SI unchanged if not
; CHG: nothing else
text_match_word:
        push ax
        push bx
        push si
.next:  mov al, [bx]
        test al, al
        jz .end
        cmp al, [si]
        jne .no
        inc bx
        inc si
        jmp .next
.end:   mov al, [si]
        call text_end_of_word
        jne .no
        add sp, 2                   ; keep the advanced SI
        pop bx
        pop ax
        clc
        ret
.no:    pop si
        pop bx
        pop ax
        stc
        ret

; text_read_number -- read an unsigned decimal word: digits up to white space or the end
; IN:  SI -> text
; OUT: CF clear, EAX = the value (saturated at 0FFFFFFFFh), SI past the digits; CF set if
;      the word is empty or holds anything but digits
; CHG: nothing else
text_read_number:
        push edx
        push bx
        xor eax, eax
        mov bx, si
.digit: movzx edx, byte [si]
        sub dl, '0'
        cmp dl, DECIMAL_BASE - 1
        ja .end
        imul eax, eax, DECIMAL_BASE
        jc .big
        add eax, edx
        jnc .next
.big:   or eax, -1                  ; too big for any range: keep it too big
.next:  inc si
        jmp .digit
.end:   cmp si, bx
        je .bad                     ; no digit at all
        push ax
        mov al, [si]
        call text_end_of_word
        pop ax
        jne .bad
        pop bx
        pop edx
        clc
        ret
.bad:   mov si, bx
        pop bx
        pop edx
        stc
        ret

        section .data
text_crlf       db CR, LF, 0
        section .text
