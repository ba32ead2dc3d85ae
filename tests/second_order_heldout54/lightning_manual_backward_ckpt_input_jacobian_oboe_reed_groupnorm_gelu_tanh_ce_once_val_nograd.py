"""Reed-quality classifier for double-reed instruments (oboe, cor anglais, bassoon).

Short log-mel excerpts of a sustained A4 are labelled by the reed maker as "balanced", "too hard" or
"too soft". The classifier is trained with an input-Jacobian penalty (random-projection estimate of
||d logits / d x||_F^2) so that it is robust to small microphone / room changes.

Written Lightning-style (training_step / validation_step / configure_optimizers / manual_backward) with a
tiny hand-written trainer; the residual blocks run under non-reentrant gradient checkpointing.
"""
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.checkpoint import checkpoint
from torch.utils.data import DataLoader, TensorDataset

REED_LABELS = ("balanced", "too_hard", "too_soft")


@dataclass
class HParams:
    n_mels: int = 20
    frames: int = 48
    width: int = 24
    n_blocks: int = 3
    groups: int = 4
    jac_weight: float = 0.05
    grad_ckpt: bool = True
    lr: float = 2e-3
    max_epochs: int = 1
    batch_size: int = 8


class ResBlock1d(nn.Module):
    def __init__(self, channels, groups, dilation):
        super().__init__()
        self.norm = nn.GroupNorm(groups, channels)
        self.act = nn.GELU(approximate="tanh")
        self.conv = nn.Conv1d(channels, channels, 3, padding=dilation, dilation=dilation)

    def forward(self, x):
        return x + self.conv(self.act(self.norm(x)))


class ReedEncoder(nn.Module):
    def __init__(self, hp):
        super().__init__()
        self.inp = nn.Conv1d(hp.n_mels, hp.width, 1)
        self.blocks = nn.ModuleList([ResBlock1d(hp.width, hp.groups, 2 ** i) for i in range(hp.n_blocks)])
        self.use_ckpt = hp.grad_ckpt

    def forward(self, x):
        h = self.inp(x)
        for blk in self.blocks:
            if self.use_ckpt and self.training:
                h = checkpoint(blk, h, use_reentrant=False)
            else:
                h = blk(h)
        return h.mean(dim=-1)


class ReedQualityModule(nn.Module):
    """Lightning-like module: the trainer calls training_step / validation_step."""

    def __init__(self, hp: HParams):
        super().__init__()
        self.hp = hp
        self.encoder = ReedEncoder(hp)
        self.classifier = nn.Linear(hp.width, len(REED_LABELS))
        self.logged = {}
        self._opt = None

    def forward(self, x):
        return self.classifier(self.encoder(x))

    def log(self, name, value):
        self.logged[name] = float(torch.as_tensor(value).detach())

    def configure_optimizers(self):
        self._opt = torch.optim.Adam(self.parameters(), lr=self.hp.lr)
        return self._opt

    def optimizers(self):
        return self._opt

    def manual_backward(self, loss, **kwargs):
        loss.backward(**kwargs)

    def jacobian_penalty(self, x, logits):
        v = torch.randn_like(logits)
        v = v / v.norm(dim=1, keepdim=True)
        (jv,) = torch.autograd.grad((logits * v).sum(), x, create_graph=True)
        return logits.shape[1] * jv.pow(2).sum() / x.shape[0]

    def training_step(self, batch, batch_idx):
        x, y = batch
        x = x.clone().requires_grad_(True)
        logits = self(x)
        ce = F.cross_entropy(logits, y)
        jac = self.jacobian_penalty(x, logits)
        loss = ce + self.hp.jac_weight * jac
        opt = self.optimizers()
        opt.zero_grad()
        self.manual_backward(loss)
        opt.step()
        self.log("train_ce", ce)
        self.log("train_jac", jac)
        return loss

    @torch.no_grad()
    def validation_step(self, batch, batch_idx):
        x, y = batch
        logp = F.log_softmax(self(x), dim=1)
        self.log("val_nll", F.nll_loss(logp, y))
        self.log("val_acc", (logp.argmax(1) == y).float().mean())


def random_time_stretch(x, low=0.9, high=1.1):
    """SpecAugment-style stretch on the raw features (data side, never needs a gradient)."""
    rate = float(torch.empty(1).uniform_(low, high))
    t = x.shape[-1]
    stretched = F.interpolate(x, size=max(4, int(t * rate)), mode="linear", align_corners=False)
    return F.interpolate(stretched, size=t, mode="linear", align_corners=False)


class MiniTrainer:
    def __init__(self, max_epochs=1, augment=True):
        self.max_epochs = max_epochs
        self.augment = augment

    def fit(self, module, train_loader, val_loader):
        module.configure_optimizers()
        for epoch in range(self.max_epochs):
            module.train()
            for i, (x, y) in enumerate(train_loader):
                if self.augment:
                    x = random_time_stretch(x)
                module.training_step((x, y), i)
            module.eval()
            for i, batch in enumerate(val_loader):
                module.validation_step(batch, i)
            print(f"epoch {epoch}", {k: round(v, 4) for k, v in module.logged.items()})


def fake_reed_excerpts(n, hp, seed):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(n, hp.n_mels, hp.frames, generator=g)
    y = torch.randint(0, len(REED_LABELS), (n,), generator=g)
    return TensorDataset(x, y)


if __name__ == "__main__":
    torch.manual_seed(0)
    hp = HParams()
    train = DataLoader(fake_reed_excerpts(24, hp, 1), batch_size=hp.batch_size, shuffle=True)
    val = DataLoader(fake_reed_excerpts(8, hp, 2), batch_size=hp.batch_size)
    MiniTrainer(max_epochs=hp.max_epochs).fit(ReedQualityModule(hp), train, val)
