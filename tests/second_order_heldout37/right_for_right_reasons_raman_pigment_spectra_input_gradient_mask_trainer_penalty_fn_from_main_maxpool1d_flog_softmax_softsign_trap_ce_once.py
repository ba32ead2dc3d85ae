"""'Right for the right reasons' training of a Raman pigment classifier.

Expert masks mark wavenumber bands that must not drive the decision (fluorescence background,
cosmic-ray spikes). The penalty is the squared input gradient of the summed log-probabilities inside
those bands; the Trainer receives it as `penalty_fn` from main().
"""
import torch
import torch.nn as nn
import torch.nn.functional as F


class PigmentNet(nn.Module):
    def __init__(self, n_classes=5, channels=(6, 12)):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv1d(1, channels[0], 5, padding=2),
            nn.Softsign(),
            nn.MaxPool1d(2),
            nn.Conv1d(channels[0], channels[1], 5, padding=2),
            nn.Softsign(),
        )
        self.classifier = nn.Linear(channels[1], n_classes)

    def forward(self, x):
        return self.classifier(self.features(x).mean(-1))


def rrr_penalty(model, x, mask):
    x = x.clone().requires_grad_(True)
    log_probs = F.log_softmax(model(x), dim=-1)
    (input_grad,) = torch.autograd.grad(log_probs.sum(), x, create_graph=True)
    return ((mask * input_grad) ** 2).sum() / x.shape[0]


class Trainer:
    def __init__(self, model, penalty_fn, lam=10.0, lr=3e-3):
        self.model = model
        self.penalty_fn = penalty_fn
        self.lam = lam
        self.opt = torch.optim.Adam(model.parameters(), lr=lr)

    def step(self, x, y, mask):
        logits = self.model(x)
        right_answers = F.cross_entropy(logits, y)
        right_reasons = self.penalty_fn(self.model, x, mask)
        loss = right_answers + self.lam * right_reasons
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        return right_answers.item(), right_reasons.item()


def make_spectra(n=20, length=64, n_classes=5):
    wn = torch.linspace(0, 1, length)
    y = torch.randint(0, n_classes, (n,))
    peaks = 0.15 + 0.15 * y.float().unsqueeze(1)
    x = torch.exp(-((wn - peaks) ** 2) / 0.002) + 0.5 * wn
    mask = torch.zeros(n, 1, length)
    mask[..., 48:] = 1.0
    return x.unsqueeze(1), y, mask


def main():
    torch.manual_seed(7)
    trainer = Trainer(PigmentNet(), penalty_fn=rrr_penalty)
    for epoch in range(4):
        x, y, mask = make_spectra()
        ce, rr = trainer.step(x, y, mask)
        print(f"epoch {epoch} ce {ce:.3f} rrr {rr:.3e}")


if __name__ == "__main__":
    main()
