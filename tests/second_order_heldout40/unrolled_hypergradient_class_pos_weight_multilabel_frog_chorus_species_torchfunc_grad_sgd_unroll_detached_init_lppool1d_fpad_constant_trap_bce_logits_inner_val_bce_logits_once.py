"""Learning per-species positive weights for multi-label frog-chorus detection by hypergradient descent.

pos_weight = softplus(rho) enters the training loss. A few SGD steps of the detector are unrolled with torch.func.grad
(from a detached copy of the current weights); the validation loss of the unrolled weights is back-propagated into rho.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, grad

SPECIES = ["litoria_ewingii", "crinia_signifera", "limnodynastes_peronii", "litoria_verreauxii", "geocrinia_victoriana"]
N_MELS, FRAMES = 20, 48
UNROLL, INNER_LR, HYPER_LR, ROUNDS = 3, 0.05, 0.1, 4


class ChorusDetector(nn.Module):
    def __init__(self, n_species, ch=24):
        super().__init__()
        self.conv = nn.Conv1d(N_MELS, ch, kernel_size=5)
        self.pool = nn.LPPool1d(norm_type=2, kernel_size=4, stride=4)
        self.conv2 = nn.Conv1d(ch, ch, kernel_size=3)
        self.head = nn.Linear(ch, n_species)

    def forward(self, mel):
        h = F.pad(mel, (2, 2), mode="constant", value=0.0)
        h = self.pool(torch.tanh(self.conv(h)))
        h = torch.tanh(self.conv2(h)).mean(-1)
        return self.head(h)


def recordings(n):
    mel = torch.randn(n, N_MELS, FRAMES)
    labels = (torch.rand(n, len(SPECIES)) < torch.tensor([0.4, 0.2, 0.1, 0.05, 0.05])).float()
    mel[:, :5] += labels[:, :1, None] * 0.8
    return mel, labels


def make_objectives(model):
    def train_loss(params, mel, labels, pos_weight):
        logits = functional_call(model, params, (mel,))
        return F.binary_cross_entropy_with_logits(logits, labels, pos_weight=pos_weight)

    def val_loss(params, mel, labels):
        logits = functional_call(model, params, (mel,))
        return F.binary_cross_entropy_with_logits(logits, labels)

    return train_loss, val_loss


def main():
    torch.manual_seed(0)
    model = ChorusDetector(len(SPECIES))
    rho = torch.zeros(len(SPECIES), requires_grad=True)
    hyper_opt = torch.optim.Adam([rho], lr=HYPER_LR)
    opt = torch.optim.SGD(model.parameters(), lr=INNER_LR)
    train_loss, val_loss = make_objectives(model)
    inner_grad = grad(train_loss)
    for rnd in range(ROUNDS):
        mel, labels = recordings(32)
        vmel, vlabels = recordings(32)
        pos_weight = F.softplus(rho)
        params = {k: v.detach() for k, v in model.named_parameters()}
        for _ in range(UNROLL):
            g = inner_grad(params, mel, labels, pos_weight)
            params = {k: params[k] - INNER_LR * g[k] for k in params}
        hyper_opt.zero_grad()
        v = val_loss(params, vmel, vlabels)
        v.backward()
        hyper_opt.step()

        # ordinary detector update with the current pos_weight (first order)
        loss = F.binary_cross_entropy_with_logits(model(mel), labels, pos_weight=F.softplus(rho).detach())
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"round {rnd}: val {v.item():.4f} train {loss.item():.4f} pos_weight {[round(w, 2) for w in F.softplus(rho).tolist()]}")


if __name__ == "__main__":
    main()
