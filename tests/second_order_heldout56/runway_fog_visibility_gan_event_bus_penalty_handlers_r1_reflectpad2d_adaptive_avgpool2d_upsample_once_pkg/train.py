import torch
import torch.nn.functional as F

from config import CFG
from models import FogNowcaster, TemporalDiscriminator
from penalties import bus


def synthetic_fog(batch, frames):
    """Advected Gaussian fog banks on the grid, one drift vector per sample."""
    n = CFG.grid
    yy, xx = torch.meshgrid(torch.arange(n).float(), torch.arange(n).float(), indexing="ij")
    c0 = torch.rand(batch, 2) * n
    v = torch.randn(batch, 2) * 0.8
    out = []
    for t in range(frames):
        c = c0 + t * v
        d2 = (yy - c[:, 0, None, None]) ** 2 + (xx - c[:, 1, None, None]) ** 2
        out.append(torch.exp(-d2 / 18.0))
    return torch.stack(out, 1)


def runway_weights():
    w = torch.ones(CFG.grid, CFG.grid)
    w[CFG.grid // 2 - 1:CFG.grid // 2 + 1, :] = CFG.rvr_weight
    return w


def main():
    torch.manual_seed(0)
    G, D = FogNowcaster(), TemporalDiscriminator()
    opt_g = torch.optim.Adam(G.parameters(), CFG.lr_g, betas=(0.0, 0.99))
    opt_d = torch.optim.Adam(D.parameters(), CFG.lr_d, betas=(0.0, 0.99))
    w = runway_weights()
    for step in range(CFG.steps):
        seq = synthetic_fog(CFG.batch, CFG.past + CFG.future)
        past, future = seq[:, :CFG.past], seq[:, CFG.past:]

        fake = G(past)
        real_logits = D(past, future)
        fake_logits = D(past, fake.detach())
        d_loss = F.softplus(fake_logits).mean() + F.softplus(-real_logits).mean()
        pens = bus.emit("penalty", enabled=CFG.penalties, disc=D, past=past, real_future=future,
                        fake_future=fake, real_logits=real_logits, step=step)
        opt_d.zero_grad()
        (d_loss + sum(pens.values())).backward()
        opt_d.step()

        g_adv = F.softplus(-D(past, fake)).mean()
        g_rec = (w * (fake - future).abs()).mean()
        opt_g.zero_grad()
        (g_adv + 10.0 * g_rec).backward()
        opt_g.step()
        bus.emit("step_end", step=step, d_loss=d_loss.item(), g_loss=g_adv.item(), pens=pens)


if __name__ == "__main__":
    main()
