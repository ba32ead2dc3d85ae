"""Speech-enhancement mask estimator regularised to be locally Lipschitz in its input (no spectral norm):
the penalty relu(||d mask / d noisy|| - K)^2 is evaluated at the noisy log-magnitude frames and trained
jointly with the masked-magnitude L1 loss."""
import torch
from torch import nn


class MaskEstimator(nn.Module):
    def __init__(self, n_freq=65, hidden=96):
        super().__init__()
        self.norm = nn.LayerNorm(n_freq)
        self.blstm = nn.LSTM(n_freq, hidden, num_layers=1, batch_first=True, bidirectional=True)
        self.proj = nn.Linear(2 * hidden, n_freq)
        self.gate = nn.Sigmoid()

    def forward(self, logmag):
        h, _ = self.blstm(self.norm(logmag))
        return self.gate(self.proj(h))


def lipschitz_penalty(model, logmag, k=4.0):
    x = logmag.detach().clone().requires_grad_(True)
    mask = model(x)
    proj = torch.randn_like(mask)
    g, = torch.autograd.grad((mask * proj).sum(), x, create_graph=True)
    per_utt = g.flatten(1).norm(dim=1) / proj.flatten(1).norm(dim=1)
    return torch.relu(per_utt - k).pow(2).mean()


def step(model, opt, noisy_mag, clean_mag, lam=0.05):
    logmag = torch.log1p(noisy_mag)
    mask = model(logmag)
    recon = nn.functional.l1_loss(mask * noisy_mag, clean_mag)
    loss = recon + lam * lipschitz_penalty(model, logmag)
    opt.zero_grad()
    loss.backward()
    opt.step()
    return recon.item(), loss.item()


if __name__ == "__main__":
    model = MaskEstimator()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for i in range(2):
        clean = torch.rand(3, 30, 65)
        noisy = clean + 0.3 * torch.rand(3, 30, 65)
        print(i, step(model, opt, noisy, clean))
