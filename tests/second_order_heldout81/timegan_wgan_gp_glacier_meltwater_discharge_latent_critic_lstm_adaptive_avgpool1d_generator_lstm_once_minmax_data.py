"""TimeGAN-style synthetic glacier-meltwater hydrographs (discharge, air temperature, turbidity).

Embedder / recovery GRUs map sequences to a latent space; a supervisor and an LSTM generator produce latent
sequences; the critic is an LSTM over latent sequences trained with WGAN-GP (Gulrajani et al., 2017) on
interpolates between detached real and fake latents.
"""
import argparse
import logging
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

log = logging.getLogger("meltwater_timegan")


def load_hydrographs(n_seq, seq_len, gen):
    """Hourly windows: diurnal melt pulse lagging air temperature, plus sediment flushes."""
    hours = torch.arange(seq_len).float()
    start = torch.randint(0, 24, (n_seq, 1), generator=gen).float()
    season = 0.5 + torch.rand(n_seq, 1, generator=gen)
    temp = 4 + 6 * season * torch.sin(2 * math.pi * (hours + start - 9) / 24)
    discharge = 10 * season + 8 * season * torch.sin(2 * math.pi * (hours + start - 14) / 24).clamp(min=-0.3)
    turbidity = 0.2 * discharge ** 1.5 + 3 * torch.rand(n_seq, seq_len, generator=gen)
    x = torch.stack([discharge, temp, turbidity], -1)
    lo, hi = x.amin((0, 1), keepdim=True), x.amax((0, 1), keepdim=True)
    return (x - lo) / (hi - lo + 1e-7)


class Embedder(nn.Module):
    def __init__(self, n_feat, hidden):
        super().__init__()
        self.rnn = nn.GRU(n_feat, hidden, num_layers=2, batch_first=True)
        self.out = nn.Linear(hidden, hidden)

    def forward(self, x):
        h, _ = self.rnn(x)
        return torch.sigmoid(self.out(h))


class Recovery(nn.Module):
    def __init__(self, hidden, n_feat):
        super().__init__()
        self.rnn = nn.GRU(hidden, hidden, batch_first=True)
        self.out = nn.Linear(hidden, n_feat)

    def forward(self, h):
        r, _ = self.rnn(h)
        return torch.sigmoid(self.out(r))


class LatentGenerator(nn.Module):
    def __init__(self, z_dim, hidden):
        super().__init__()
        self.rnn = nn.LSTM(z_dim, hidden, num_layers=2, batch_first=True)
        self.out = nn.Linear(hidden, hidden)

    def forward(self, z):
        e, _ = self.rnn(z)
        return torch.sigmoid(self.out(e))


class Supervisor(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.rnn = nn.GRU(hidden, hidden, batch_first=True)
        self.out = nn.Linear(hidden, hidden)

    def forward(self, h):
        s, _ = self.rnn(h)
        return torch.sigmoid(self.out(s))


class LatentCritic(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.rnn = nn.LSTM(hidden, hidden, batch_first=True)
        self.norm = nn.LayerNorm(hidden)
        self.score = nn.Linear(hidden, 1)

    def forward(self, h):
        out, _ = self.rnn(h)
        out = F.leaky_relu(self.norm(out), 0.2)
        pooled = F.adaptive_avg_pool1d(out.transpose(1, 2), 1).squeeze(-1)
        return self.score(pooled).squeeze(-1)


def gradient_penalty(critic, real_h, fake_h):
    alpha = torch.rand(real_h.size(0), 1, 1)
    interp = (alpha * real_h + (1 - alpha) * fake_h).requires_grad_(True)
    scores = critic(interp)
    (grads,) = torch.autograd.grad(scores.sum(), interp, create_graph=True)
    return ((grads.flatten(1).norm(2, dim=1) - 1.0) ** 2).mean()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seq-len", type=int, default=24)
    ap.add_argument("--hidden", type=int, default=12)
    ap.add_argument("--z-dim", type=int, default=4)
    ap.add_argument("--batch", type=int, default=16)
    ap.add_argument("--ae-steps", type=int, default=3)
    ap.add_argument("--joint-steps", type=int, default=3)
    ap.add_argument("--n-critic", type=int, default=2)
    ap.add_argument("--gp-lambda", type=float, default=10.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s: %(message)s")
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(0)
    data = load_hydrographs(128, args.seq_len, gen)

    emb, rec = Embedder(3, args.hidden), Recovery(args.hidden, 3)
    G, S, D = LatentGenerator(args.z_dim, args.hidden), Supervisor(args.hidden), LatentCritic(args.hidden)
    opt_ae = torch.optim.Adam(list(emb.parameters()) + list(rec.parameters()), 1e-3)
    opt_g = torch.optim.Adam(list(G.parameters()) + list(S.parameters()), 1e-3, betas=(0.5, 0.9))
    opt_d = torch.optim.Adam(D.parameters(), 1e-3, betas=(0.5, 0.9))

    def batch():
        return data[torch.randint(0, data.size(0), (args.batch,), generator=gen)]

    for step in range(args.ae_steps):  # phase 1: autoencoder
        x = batch()
        loss_ae = F.mse_loss(rec(emb(x)), x)
        opt_ae.zero_grad(); loss_ae.backward(); opt_ae.step()
        log.info("ae %d recon %.4f", step, loss_ae.item())

    for step in range(args.joint_steps):  # phase 2: adversarial in latent space
        for _ in range(args.n_critic):
            x = batch()
            with torch.no_grad():
                real_h = emb(x)
                fake_h = S(G(torch.rand(args.batch, args.seq_len, args.z_dim)))
            gp = gradient_penalty(D, real_h, fake_h)
            loss_d = D(fake_h).mean() - D(real_h).mean() + args.gp_lambda * gp
            opt_d.zero_grad(); loss_d.backward(); opt_d.step()
        assert D.rnn.weight_hh_l0.grad is not None

        x = batch()
        h_real = emb(x).detach()
        e_hat = G(torch.rand(args.batch, args.seq_len, args.z_dim))
        h_hat = S(e_hat)
        loss_sup = F.mse_loss(S(h_real)[:, :-1], h_real[:, 1:])
        loss_mom = (h_hat.mean(0) - h_real.mean(0)).abs().mean() + (h_hat.std(0) - h_real.std(0)).abs().mean()
        loss_g = -D(h_hat).mean() + 10 * loss_sup + 5 * loss_mom
        opt_g.zero_grad(); loss_g.backward(); opt_g.step()
        log.info("joint %d  critic %.4f  gp %.4f  gen %.4f", step, loss_d.item(), gp.item(), loss_g.item())


if __name__ == "__main__":
    main()
