"""Spoken-language-understanding model: shared acoustic encoder + per-task heads."""
import torch
import torch.nn as nn

NORMS = {
    "group": lambda c: nn.GroupNorm(4, c),
    "batch": nn.BatchNorm1d,
}

HEAD_ACTS = {
    "shrink": nn.Softshrink,
    "tanh": nn.Tanh,
}


class ConvEncoder(nn.Module):
    def __init__(self, n_mels=20, width=32, norm="group"):
        super().__init__()
        self.conv1 = nn.Conv1d(n_mels, width, 5, padding=2)
        self.norm1 = NORMS[norm](width)
        self.act1 = nn.ReLU6()
        self.conv2 = nn.Conv1d(width, width, 3, padding=1)

    def forward(self, feats):
        h = self.act1(self.norm1(self.conv1(feats)))
        return torch.tanh(self.conv2(h)).mean(-1)


class TaskHead(nn.Sequential):
    def __init__(self, width, n_out, act="tanh", lambd=0.05):
        act_mod = HEAD_ACTS[act](lambd) if act == "shrink" else HEAD_ACTS[act]()
        super().__init__(nn.Linear(width, width), act_mod, nn.Linear(width, n_out))


class SLUModel(nn.Module):
    def __init__(self, n_intents=6, n_slots=10, width=32, head_act="tanh"):
        super().__init__()
        self.encoder = ConvEncoder(width=width)
        self.heads = nn.ModuleDict({
            "intent": TaskHead(width, n_intents, act=head_act),
            "slot": TaskHead(width, n_slots, act="tanh"),
        })

    def classify(self, feats, task):
        return self.heads[task](self.encoder(feats))

    def forward(self, feats):
        z = self.encoder(feats)
        return {k: head(z) for k, head in self.heads.items()}


class PrunableSLU(SLUModel):
    def forward(self, feats):
        out = super().forward(feats)
        return out["intent"], out["slot"]
