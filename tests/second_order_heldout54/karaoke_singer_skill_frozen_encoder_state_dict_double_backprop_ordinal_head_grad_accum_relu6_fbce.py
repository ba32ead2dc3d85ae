"""Singer-skill grading (5 ordinal levels) for karaoke-booth recordings.

A pretrained log-mel encoder (conv + LSTM, exported from the pitch-tracking project as part of a larger
checkpoint) is loaded through its state_dict and frozen; only a CORAL-style ordinal head is trained.
The head uses double backpropagation (Drucker & LeCun): the squared gradient of the ordinal BCE w.r.t.
the frozen embedding is added to the loss, so that grades do not flip under small embedding changes.
Micro-batches are accumulated because booth recordings are long.
"""
import argparse
import io

import torch
import torch.nn as nn
import torch.nn.functional as F

CFG = {
    "n_mels": 24,
    "frames": 40,
    "emb": 32,
    "levels": 5,
    "hidden": 32,
    "dropout": 0.1,
    "micro_batch": 6,
    "accum_steps": 2,
    "dbp_weight": 0.5,
    "lr": 3e-3,
    "steps": 3,
}


class AudioEncoder(nn.Module):
    def __init__(self, n_mels, emb):
        super().__init__()
        self.conv = nn.Sequential(
            nn.Conv1d(n_mels, emb, 5, padding=2),
            nn.GroupNorm(4, emb),
            nn.GELU(),
            nn.MaxPool1d(2),
        )
        self.rnn = nn.LSTM(emb, emb, batch_first=True)

    def forward(self, mel):
        h = self.conv(mel).transpose(1, 2)
        out, _ = self.rnn(h)
        return out.mean(dim=1)


class OrdinalHead(nn.Module):
    """CORAL: one shared score, K-1 ordered thresholds."""

    def __init__(self, emb, hidden, levels, dropout):
        super().__init__()
        self.score = nn.Sequential(
            nn.Linear(emb, hidden),
            nn.ReLU6(),
            nn.Dropout(dropout),
            nn.Linear(hidden, 1, bias=False),
        )
        self.thresholds = nn.Parameter(torch.linspace(-1.0, 1.0, levels - 1))

    def forward(self, z):
        return torch.sigmoid(self.score(z) - self.thresholds)


def ordinal_targets(level, levels):
    return (level[:, None] > torch.arange(levels - 1)[None, :]).float()


def double_backprop_loss(head, z, level, cfg):
    z = z.detach().requires_grad_(True)
    probs = head(z)
    bce = F.binary_cross_entropy(probs, ordinal_targets(level, cfg["levels"]))
    (grad_z,) = torch.autograd.grad(bce, z, create_graph=True)
    return bce + cfg["dbp_weight"] * grad_z.pow(2).sum(dim=1).mean(), bce


def exported_checkpoint(cfg):
    """Stand-in for the pitch-tracking project's checkpoint file (encoder + its own decoder)."""
    donor = AudioEncoder(cfg["n_mels"], cfg["emb"])
    blob = {"model": {**{f"encoder.{k}": v for k, v in donor.state_dict().items()},
                      "pitch_decoder.weight": torch.randn(88, cfg["emb"])}}
    buf = io.BytesIO()
    torch.save(blob, buf)
    buf.seek(0)
    return buf


def load_frozen_encoder(cfg):
    encoder = AudioEncoder(cfg["n_mels"], cfg["emb"])
    ckpt = torch.load(exported_checkpoint(cfg), weights_only=True)
    state = {k[len("encoder."):]: v for k, v in ckpt["model"].items() if k.startswith("encoder.")}
    encoder.load_state_dict(state)
    return encoder.eval().requires_grad_(False)


def fake_booth_batch(cfg):
    mel = torch.randn(cfg["micro_batch"], cfg["n_mels"], cfg["frames"])
    level = torch.randint(0, cfg["levels"], (cfg["micro_batch"],))
    return mel, level


@torch.no_grad()
def grade(encoder, head, mel):
    head.eval()
    level = (head(encoder(mel)) > 0.5).sum(dim=1)
    head.train()
    return level


def train(cfg):
    encoder = load_frozen_encoder(cfg)
    head = OrdinalHead(cfg["emb"], cfg["hidden"], cfg["levels"], cfg["dropout"])
    opt = torch.optim.Adam(head.parameters(), lr=cfg["lr"])
    for step in range(cfg["steps"]):
        opt.zero_grad()
        bce_sum = 0.0
        for _ in range(cfg["accum_steps"]):
            mel, level = fake_booth_batch(cfg)
            with torch.no_grad():
                z = encoder(mel)
            total, bce = double_backprop_loss(head, z, level, cfg)
            (total / cfg["accum_steps"]).backward()
            bce_sum += bce.item()
        opt.step()
        mel, level = fake_booth_batch(cfg)
        mae = (grade(encoder, head, mel) - level).abs().float().mean().item()
        print(f"step {step} bce {bce_sum / cfg['accum_steps']:.4f} level-MAE {mae:.2f}")


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--dbp-weight", type=float, default=CFG["dbp_weight"])
    ap.add_argument("--steps", type=int, default=CFG["steps"])
    a = ap.parse_args()
    torch.manual_seed(0)
    train({**CFG, "dbp_weight": a.dbp_weight, "steps": a.steps})
