"""MLP builders shared by teacher and student."""
from functools import partial

import torch.nn as nn
import torch.nn.functional as F

ACTIVATIONS = {
    "elu": partial(F.elu, alpha=0.7),
    "silu": F.silu,
    "hardswish": F.hardswish,
}


class MLPBlock(nn.Module):
    def __init__(self, d_in, d_out, act, dropout):
        super().__init__()
        self.lin = nn.Linear(d_in, d_out)
        self.norm = nn.LayerNorm(d_out)
        self.act = ACTIVATIONS[act]
        self.drop = nn.Dropout(dropout)

    def forward(self, x):
        return self.drop(self.act(self.norm(self.lin(x))))


def build_mlp(widths, n_out, act, dropout):
    blocks = [MLPBlock(a, b, act, dropout) for a, b in zip(widths[:-1], widths[1:])]
    return nn.Sequential(*blocks, nn.Linear(widths[-1], n_out))


def build_pair(cfg):
    teacher = build_mlp(cfg.teacher_widths, cfg.n_grades, cfg.teacher_act, cfg.dropout)
    student = build_mlp(cfg.student_widths, cfg.n_grades, cfg.student_act, cfg.dropout)
    return teacher, student
