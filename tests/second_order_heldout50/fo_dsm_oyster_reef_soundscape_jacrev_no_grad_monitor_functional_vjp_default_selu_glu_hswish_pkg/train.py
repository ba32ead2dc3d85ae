"""Train the reef soundscape score model with denoising score matching; log Jacobian diagnostics."""
import torch

from config import Settings
from monitors import hutchinson_divergence, jacobian_asymmetry
from nets import ReefScoreNet


def soundscape_indices(n, dim, gen):
    reef_state = torch.randint(0, 3, (n,), generator=gen).float()  # degraded / recovering / healthy
    loadings = torch.linspace(-1, 1, dim)
    x = reef_state[:, None] * loadings[None] + 0.3 * torch.randn(n, dim, generator=gen)
    return x


def dsm_loss(net, x, sigmas, gen):
    idx = torch.randint(0, len(sigmas), (x.shape[0],), generator=gen)
    sigma = sigmas[idx]
    noise = torch.randn(x.shape, generator=gen)
    score = net(x + sigma[:, None] * noise, idx, sigma)
    return 0.5 * ((sigma[:, None] * score + noise) ** 2).sum(dim=1).mean()


def main(cfg=Settings()):
    gen = torch.Generator().manual_seed(47)
    sigmas = torch.tensor(cfg.sigmas)
    net = ReefScoreNet(cfg.dim, cfg.hidden, len(cfg.sigmas), cfg.act)
    opt = torch.optim.Adam(net.parameters(), lr=cfg.lr)
    for step in range(cfg.steps):
        x = soundscape_indices(cfg.batch, cfg.dim, gen)
        loss = dsm_loss(net, x, sigmas, gen)
        opt.zero_grad()
        loss.backward()
        opt.step()
        msg = f"step {step} dsm {loss.item():.4f}"
        if step % cfg.monitor_every == 0:
            xm = x[: cfg.monitor_points]
            idx = torch.zeros(xm.shape[0], dtype=torch.long)
            sig = sigmas[idx]
            msg += f" asym {jacobian_asymmetry(net, xm, idx, sig):.3f}"
            msg += f" div {hutchinson_divergence(net, xm, idx, sig):.2f}"
        print(msg)


if __name__ == "__main__":
    main()
