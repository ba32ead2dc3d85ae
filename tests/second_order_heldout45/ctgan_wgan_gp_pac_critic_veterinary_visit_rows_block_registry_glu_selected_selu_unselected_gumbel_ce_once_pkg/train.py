"""Training-by-sampling WGAN-GP on synthetic veterinary visit rows."""
import argparse

import torch

from config import DATA, MODEL, TRAIN
from losses import conditional_loss, critic_loss, gradient_penalty
from models import Generator, PacCritic, column_spans


def fake_rows(n, spans, dim):
    rows = torch.zeros(n, dim)
    for kind, a, b in spans:
        if kind == "tanh":
            rows[:, a] = torch.randn(n).clamp(-1, 1) * 0.8
        else:
            rows[torch.arange(n), a + torch.randint(0, b - a, (n,))] = 1.0
    return rows


def sample_condition(n, spans):
    discrete = [i for i, s in enumerate(spans) if s[0] == "softmax"][len(DATA["continuous"]):]
    cond_dim = sum(spans[i][2] - spans[i][1] for i in discrete)
    col = torch.tensor(discrete)[torch.randint(0, len(discrete), (n,))]
    cond = torch.zeros(n, cond_dim)
    idx = torch.zeros(n, dtype=torch.long)
    offset = {i: sum(spans[j][2] - spans[j][1] for j in discrete[:k]) for k, i in enumerate(discrete)}
    for r, c in enumerate(col.tolist()):
        idx[r] = torch.randint(0, spans[c][2] - spans[c][1], (1,))
        cond[r, offset[c] + idx[r]] = 1.0
    return cond, col, idx


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=TRAIN["steps"])
    args = parser.parse_args()
    torch.manual_seed(0)
    spans, data_dim = column_spans(DATA)
    cond_dim = sum(DATA["discrete"].values())
    gen = Generator(MODEL, data_dim, cond_dim, spans)
    critic = PacCritic(MODEL, data_dim + cond_dim)
    opt_g = torch.optim.Adam(gen.parameters(), lr=TRAIN["lr"], betas=(0.5, 0.9))
    opt_c = torch.optim.Adam(critic.parameters(), lr=TRAIN["lr"], betas=(0.5, 0.9))
    n = TRAIN["batch"]
    for step in range(args.steps):
        for _ in range(TRAIN["critic_iters"]):
            cond, _, _ = sample_condition(n, spans)
            real = torch.cat([fake_rows(n, spans, data_dim), cond], dim=1)
            with torch.no_grad():
                fake, _ = gen(torch.randn(n, MODEL["noise_dim"]), cond)
            fake = torch.cat([fake, cond], dim=1)
            gp = gradient_penalty(critic, real, fake, MODEL["pac"])
            loss_c = critic_loss(critic, real, fake) + TRAIN["gp_weight"] * gp
            opt_c.zero_grad()
            loss_c.backward()
            opt_c.step()
        cond, col, idx = sample_condition(n, spans)
        fake, logits = gen(torch.randn(n, MODEL["noise_dim"]), cond)
        loss_g = -critic(torch.cat([fake, cond], dim=1)).mean() + TRAIN["cond_weight"] * conditional_loss(logits, col, idx, spans)
        opt_g.zero_grad()
        loss_g.backward()
        opt_g.step()
        print(f"step {step}: critic {loss_c.item():.3f} gp {gp.item():.3f} gen {loss_g.item():.3f}")


if __name__ == "__main__":
    main()
