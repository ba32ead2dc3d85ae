"""Flat-minima training of a folk-melody piano-roll generator with an explicit gradient-norm penalty.

Next-frame prediction of a 36-pitch piano roll conditioned on the chord symbol. The note loss is backpropagated with
create_graph=True, the penalty rho * sum ||p.grad||^2 is read from the .grad fields, and (note loss + penalty) is
backpropagated again. A velocity head is trained alongside but kept out of the penalty.
"""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F

N_PITCH, N_CHORDS = 36, 24


def folk_rolls(n, steps, gen):
    """Random diatonic melodies over I-IV-V progressions; one note (plus an optional drone) per frame."""
    scale = torch.tensor([0, 2, 4, 5, 7, 9, 11, 12, 14, 16, 17, 19, 21, 23, 24])
    chords = torch.tensor([0, 5, 7, 0]).repeat(steps // 4 + 1)[:steps].expand(n, -1)
    walk = torch.cumsum(torch.randint(-2, 3, (n, steps), generator=gen), 1).clamp(0, len(scale) - 1)
    pitch = scale[walk] + 6
    roll = F.one_hot(pitch, N_PITCH).float()
    drone = torch.rand(n, steps, 1, generator=gen) < 0.3
    roll[..., 0] = torch.maximum(roll[..., 0], drone.float().squeeze(-1))
    velocity = roll * (0.4 + 0.5 * torch.rand(n, steps, 1, generator=gen))
    return roll, chords, velocity


class MelodyLSTM(nn.Module):
    def __init__(self, hidden=48, chord_dim=8):
        super().__init__()
        self.chord_emb = nn.Embedding(N_CHORDS, chord_dim)
        self.inp = nn.Linear(N_PITCH + chord_dim, hidden)
        self.rnn = nn.LSTM(hidden, hidden, batch_first=True)
        self.note_head = nn.Linear(hidden, N_PITCH)
        self.velocity_head = nn.Sequential(nn.Linear(hidden, 32), nn.GELU(approximate="tanh"), nn.Linear(32, N_PITCH))

    def trunk(self, roll, chords):
        x = torch.cat([roll, self.chord_emb(chords)], -1)
        return self.rnn(torch.tanh(self.inp(x)))[0]

    def forward(self, roll, chords):
        h = self.trunk(roll, chords)
        return self.note_head(h), h


class GradNormPenaltyTrainer:
    def __init__(self, model, rho, vel_weight, lr):
        self.model, self.rho, self.vel_weight = model, rho, vel_weight
        self.opt = torch.optim.Adam(model.parameters(), lr=lr)
        self.note_criterion = nn.BCELoss()

    def step(self, roll, chords, velocity):
        inp, tgt = roll[:, :-1], roll[:, 1:]
        logits, h = self.model(inp, chords[:, 1:])
        note_loss = self.note_criterion(torch.sigmoid(logits), tgt)
        self.opt.zero_grad(set_to_none=True)
        note_loss.backward(create_graph=True)
        penalised = [p for p in self.model.parameters() if p.grad is not None]
        grad_sq = sum((p.grad ** 2).sum() for p in penalised)
        self.opt.zero_grad(set_to_none=True)
        vel_pred = self.model.velocity_head(h)
        vel_loss = F.mse_loss(vel_pred * tgt, velocity[:, 1:])
        total = note_loss + self.rho * grad_sq + self.vel_weight * vel_loss
        total.backward()
        torch.nn.utils.clip_grad_norm_(self.model.parameters(), 5.0)
        self.opt.step()
        return note_loss.item(), grad_sq.item(), vel_loss.item()


@torch.no_grad()
def improvise(model, seed_roll, seed_chords, n_new, temperature=0.8, stretch=2):
    roll = F.interpolate(seed_roll.transpose(1, 2), scale_factor=stretch, mode="nearest").transpose(1, 2)
    chords = seed_chords.repeat_interleave(stretch, dim=1)
    for t in range(n_new):
        logits, _ = model(roll, chords)
        frame = torch.bernoulli(torch.sigmoid(logits[:, -1:] / temperature))
        roll = torch.cat([roll, frame], 1)
        chords = torch.cat([chords, chords[:, -4:-3]], 1)
    return roll


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=4)
    ap.add_argument("--batch", type=int, default=8)
    ap.add_argument("--frames", type=int, default=32)
    ap.add_argument("--rho", type=float, default=0.05)
    args = ap.parse_args()
    gen = torch.Generator().manual_seed(0)
    torch.manual_seed(0)
    model = MelodyLSTM()
    trainer = GradNormPenaltyTrainer(model, args.rho, vel_weight=0.5, lr=3e-3)
    for step in range(args.steps):
        roll, chords, vel = folk_rolls(args.batch, args.frames, gen)
        nl, gsq, vl = trainer.step(roll, chords, vel)
        print(f"step {step} note_bce {nl:.4f} |grad|^2 {gsq:.4f} vel_mse {vl:.4f}")
    sample = improvise(model, roll[:1, :8], chords[:1, :8], n_new=8)
    print("improvised frames:", sample.shape[1], "notes/frame:", sample.sum(-1).mean().item())


if __name__ == "__main__":
    main()
