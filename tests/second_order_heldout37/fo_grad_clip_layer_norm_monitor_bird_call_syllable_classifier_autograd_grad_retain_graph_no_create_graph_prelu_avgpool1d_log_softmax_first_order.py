"""Bird-call syllable classifier with per-layer gradient-norm monitoring and clipping.

Per-layer gradient norms are read with torch.autograd.grad(retain_graph=True) for the training log
(no create_graph), then the usual backward, clip_grad_norm_ and step follow.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F


class SyllableNet(nn.Module):
    def __init__(self, n_mels=8, n_cls=4):
        super().__init__()
        self.conv1 = nn.Conv1d(n_mels, 16, 3, padding=1)
        self.act1 = nn.PReLU(16)
        self.pool = nn.AvgPool1d(2)
        self.conv2 = nn.Conv1d(16, 16, 3, padding=1)
        self.act2 = nn.PReLU(16)
        self.fc = nn.Linear(16, n_cls)

    def forward(self, x):
        h = self.pool(self.act1(self.conv1(x)))
        h = self.act2(self.conv2(h))
        return F.log_softmax(self.fc(h.mean(-1)), dim=-1)


def layer_grad_norms(model, loss):
    named = [(n, p) for n, p in model.named_parameters() if n.endswith("weight")]
    grads = torch.autograd.grad(loss, [p for _, p in named], retain_graph=True)
    return {n: g.norm().item() for (n, _), g in zip(named, grads)}


def spectrogram_batch(n=12, n_mels=8, frames=20):
    y = torch.randint(0, 4, (n,))
    x = torch.randn(n, n_mels, frames) * 0.3
    x[torch.arange(n), y * 2, :] += 1.0
    return x, y


def main(epochs=4, max_norm=1.0):
    torch.manual_seed(14)
    model = SyllableNet()
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(epochs):
        x, y = spectrogram_batch()
        loss = F.nll_loss(model(x), y)
        norms = layer_grad_norms(model, loss)
        opt.zero_grad()
        loss.backward()
        total = torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm)
        opt.step()
        worst = max(norms, key=norms.get)
        print(f"epoch {epoch} nll {loss.item():.3f} total-norm {total.item():.3f} largest {worst}")


if __name__ == "__main__":
    main()
