"""WDGRL-style unsupervised domain adaptation for cicada chorus species identification.

Source domain: labelled log-mel patches from the old recorder brand; target domain: unlabelled patches from the new
recorders (different gain and spectral tilt). The Wasserstein domain critic sits behind a gradient reversal layer
(a custom autograd.Function), so a single optimiser step trains the critic to maximise the Wasserstein estimate and
the encoder to minimise it. The critic's Lipschitz constraint is a gradient penalty on interpolated features.
"""
import argparse
import logging
import time

import torch
import torch.nn as nn
import torch.nn.functional as F

log = logging.getLogger("cicada_wdgrl")

SPECIES = ("magicicada_septendecim", "neotibicen_canicularis", "megatibicen_auletes")


class GradientReversal(torch.autograd.Function):
    """Identity forward, -lambda * grad backward (Ganin & Lempitsky)."""

    @staticmethod
    def forward(ctx, x, lambd):
        ctx.lambd = lambd
        return x.view_as(x)

    @staticmethod
    def backward(ctx, grad_output):
        return grad_output.neg() * ctx.lambd, None


def grad_reverse(x, lambd=1.0):
    return GradientReversal.apply(x, lambd)


class ChorusEncoder(nn.Module):
    def __init__(self, n_mels=16, width=24, feat_dim=32):
        super().__init__()
        self.conv1 = nn.Conv1d(n_mels, width, kernel_size=5, padding=2)
        self.norm1 = nn.GroupNorm(4, width)
        self.pool = nn.AvgPool1d(2)
        self.conv2 = nn.Conv1d(width, width, kernel_size=3, padding=1)
        self.proj = nn.Linear(width, feat_dim)

    def forward(self, mel):
        h = self.pool(F.relu(self.norm1(self.conv1(mel))))
        h = F.relu(self.conv2(h)).mean(dim=-1)
        return self.proj(h)


class DomainCritic(nn.Module):
    """Wasserstein critic; the gradient reversal is its first layer."""

    def __init__(self, feat_dim=32, hidden=32, lambd=1.0):
        super().__init__()
        self.lambd = lambd
        self.fc1 = nn.Linear(feat_dim, 2 * hidden)
        self.gate = nn.GLU(dim=-1)
        self.fc2 = nn.Linear(hidden, hidden)
        self.act = nn.Hardswish()
        self.out = nn.Linear(hidden, 1)

    def forward(self, feats):
        h = grad_reverse(feats, self.lambd)
        h = self.gate(self.fc1(h))
        h = self.act(self.fc2(h))
        return self.out(h).squeeze(-1)


def critic_gradient_penalty(critic, f_src, f_tgt):
    """WDGRL penalty on random interpolates of (detached) source / target features."""
    alpha = torch.rand(f_src.size(0), 1)
    f_hat = (alpha * f_src + (1.0 - alpha) * f_tgt).detach().requires_grad_(True)
    scores = critic(f_hat)
    grads, = torch.autograd.grad(scores.sum(), f_hat, create_graph=True)
    # the reversal layer scales the input gradient by -lambda: undo it before taking the norm
    grads = grads / (-critic.lambd)
    return ((grads.norm(2, dim=1) - 1.0) ** 2).mean()


@torch.no_grad()
def synth_batch(n, n_mels=16, frames=32, domain="source"):
    """Three species = three buzz bands; the target recorders add gain and a spectral tilt."""
    labels = torch.randint(0, len(SPECIES), (n,))
    mel = 0.3 * torch.randn(n, n_mels, frames)
    centres = torch.tensor([3, 8, 12])[labels]
    band = torch.arange(n_mels)[None, :] - centres[:, None]
    mel = mel + torch.exp(-0.5 * band.float() ** 2)[:, :, None]
    if domain == "target":
        tilt = torch.linspace(-0.6, 0.6, n_mels)[None, :, None]
        mel = 1.4 * mel + tilt
    # temporal smoothing as the recorders' firmware does (data only)
    mel = F.avg_pool1d(mel, kernel_size=3, stride=1, padding=1)
    return mel, labels


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=4)
    parser.add_argument("--batch", type=int, default=16)
    parser.add_argument("--gp-weight", type=float, default=10.0)
    parser.add_argument("--wd-weight", type=float, default=0.5)
    parser.add_argument("--lr", type=float, default=1e-3)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    torch.manual_seed(0)

    encoder = ChorusEncoder()
    classifier = nn.Linear(32, len(SPECIES))
    critic = DomainCritic(lambd=1.0)
    params = list(encoder.parameters()) + list(classifier.parameters()) + list(critic.parameters())
    opt = torch.optim.Adam(params, lr=args.lr, betas=(0.5, 0.9))

    for step in range(args.steps):
        t0 = time.time()
        x_s, y_s = synth_batch(args.batch, domain="source")
        x_t, _ = synth_batch(args.batch, domain="target")
        f_s, f_t = encoder(x_s), encoder(x_t)

        task = F.cross_entropy(classifier(f_s), y_s)
        wd = critic(f_s).mean() - critic(f_t).mean()
        gp = critic_gradient_penalty(critic, f_s, f_t)
        # critic ascends wd (descends -wd); the reversal makes the encoder descend wd
        loss = task - args.wd_weight * wd + args.gp_weight * gp

        opt.zero_grad(set_to_none=True)
        loss.backward()
        assert critic.fc2.weight.grad is not None
        opt.step()
        log.info("step %d task %.3f wd %.3f gp %.4f (%.2fs)", step, task.item(), wd.item(), gp.item(),
                 time.time() - t0)

    with torch.no_grad():
        x_t, y_t = synth_batch(64, domain="target")
        acc = (classifier(encoder(x_t)).argmax(-1) == y_t).float().mean()
    log.info("target accuracy %.3f", acc.item())


if __name__ == "__main__":
    main()
