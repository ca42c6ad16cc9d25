; profile.asm -- the profile build's bookkeeping (nasm -DPROFILE; tools/profile.inc says
; how the engine's calls reach it): each routine's own instructions (the rdtsc counter:
; emulated instructions in DOSBox and js-dos) and its calls, written to PROF.BIN at the exit.
; Every routine here keeps every register and flag; DS is on the profile segment only
; between a routine's two counter reads, whose instructions are nobody's.
; New: not in Liberman's texts.

        section .data
profile_file    db "PROF.BIN", 0
        section .text

; profile_ds -- DS on the profile segment
; IN:  CS the program's segment
; OUT: DS = CS + PROFILE_SEGMENT
; CHG: nothing else
profile_ds:
        push ax
        mov ax, cs
        add ax, PROFILE_SEGMENT
        mov ds, ax
        pop ax
        ret

; profile_start -- empty the bookkeeping segment (the program's start)
; IN:  nothing
; OUT: every count 0, no routine running
; CHG: nothing
profile_start:
        pusha
        push es
        mov ax, cs
        add ax, PROFILE_SEGMENT
        mov es, ax
        xor di, di
        mov cx, PROFILE_BYTES / 2
        xor ax, ax
        rep stosw
        pop es
        popa
        ret

; The frame profile_enter and profile_return find above their pushes: DS, the pushad, the flags.
PROFILE_FRAME   equ 2 + 32 + 2

; profile_enter -- a wrapped call begins: charge the caller, push it, run the callee
; IN:  [SP] -> the thunk's word (the callee's number), [SP+2] = the callee, [SP+4] = the
;      caller's return address
; OUT: the callee runs, returning to profile_return and from there to the caller
; CHG: nothing
profile_enter:
        pushf
        pushad
        push ds
        READ_TSC
        mov bp, sp
        call profile_ds
        sub eax, [PROFILE_MARK]
        mov bx, [PROFILE_CURRENT]
        shl bx, 2
        add [PROFILE_CYCLES + bx], eax
        inc dword [PROFILE_MADE + bx]
        mov si, [PROFILE_SP]
        cmp si, PROFILE_STACKBYTES
        jae .deep
        mov ax, [PROFILE_CURRENT]
        mov [PROFILE_STACK + si], ax
.deep:  add si, 2
        mov [PROFILE_SP], si
        mov si, [bp + PROFILE_FRAME]
        mov bx, [cs:si]             ; the callee's number
        mov ax, [bp + PROFILE_FRAME + 2]
        mov [bp + PROFILE_FRAME], ax ; the ret below goes to the callee,
        mov word [bp + PROFILE_FRAME + 2], profile_return ; the callee's to profile_return
        mov [PROFILE_CURRENT], bx
        shl bx, 2
        inc dword [PROFILE_COUNT + bx]
        READ_TSC
        mov [PROFILE_MARK], eax
        pop ds
        popad
        popf
        ret

; profile_return -- a wrapped call ends: charge the callee, the caller runs again
; IN:  [SP] = the caller's return address
; OUT: returns to the caller
; CHG: nothing
profile_return:
        pushf
        pushad
        push ds
        READ_TSC
        call profile_ds
        sub eax, [PROFILE_MARK]
        mov bx, [PROFILE_CURRENT]
        shl bx, 2
        add [PROFILE_CYCLES + bx], eax
        mov si, [PROFILE_SP]
        sub si, 2
        mov [PROFILE_SP], si
        xor ax, ax
        cmp si, PROFILE_STACKBYTES
        jae .lost
        mov ax, [PROFILE_STACK + si]
.lost:  mov [PROFILE_CURRENT], ax
        READ_TSC
        mov [PROFILE_MARK], eax
        pop ds
        popad
        popf
        ret

; profile_write -- write the bookkeeping segment to PROF.BIN (the program's exit)
; IN:  nothing
; OUT: PROF.BIN, PROFILE_BYTES bytes (none if DOS cannot create it)
; CHG: nothing
profile_write:
        pusha
        push ds
        mov ah, DOS_CREATE
        xor cx, cx
        mov dx, profile_file
        int DOS
        jc .done
        mov bx, ax
        call profile_ds
        mov ah, DOS_WRITE
        mov cx, PROFILE_BYTES
        xor dx, dx
        int DOS
        mov ah, DOS_CLOSE
        int DOS
.done:  pop ds
        popa
        ret

; The thunks, one a callee (one a call site for an indirect call), and the names of the
; numbers for the map (tools/profile.inc).
%if profile_routines >= PROFILE_IDS
%error "more routines are called than the profile's tables have room for"
%endif
%assign profile_id 1
%rep profile_routines
..@profile_thunk_%[profile_id]:
        push word PROFILE_TARGET_%[profile_id]
        call profile_enter
        dw profile_id
  %ifdef PROFILE_INDIRECT_%[profile_id]
profile_name_%[profile_id]: db PROFILE_INDIRECT_%[profile_id], 0
  %else
PROFILE_ID_%[PROFILE_TARGET_%[profile_id]] equ profile_id
  %endif
  %assign profile_id profile_id + 1
%endrep
