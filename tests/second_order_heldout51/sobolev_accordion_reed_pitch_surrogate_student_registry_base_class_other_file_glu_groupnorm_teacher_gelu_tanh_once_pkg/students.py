import torch.nn as nn

from teacher import ReedModel

STUDENTS = {}


def register(name):
    def deco(cls):
        STUDENTS[name] = cls
        return cls
    return deco


@register("glu_mlp")
class GLUStudent(ReedModel):
    def __init__(self, n_in, hidden):
        super().__init__()
        self.inp = nn.Linear(n_in, 2 * hidden)
        self.gate = nn.GLU(dim=-1)
        self.mid = nn.Linear(hidden, hidden)
        self.norm = nn.GroupNorm(4, hidden)
        self.act = nn.CELU()
        self.out = nn.Linear(hidden, 1)

    def forward(self, x):
        h = self.gate(self.inp(x))
        h = self.act(self.norm(self.mid(h)))
        return self.out(h)


@register("relu6_mlp")
class ClippedStudent(ReedModel):
    def __init__(self, n_in, hidden):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(n_in, hidden), nn.ReLU6(), nn.Linear(hidden, hidden),
                                  nn.ReLU6(), nn.Linear(hidden, 1))

    def forward(self, x):
        return self.body(x)


def build_student(name, n_in, hidden):
    return STUDENTS[name](n_in, hidden)
