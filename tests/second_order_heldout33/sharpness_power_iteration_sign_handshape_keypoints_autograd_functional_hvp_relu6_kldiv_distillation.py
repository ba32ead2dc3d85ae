"""Distil a handshape classifier (21 hand keypoints -> 6 handshapes) from soft teacher labels and track the
top Hessian eigenvalue of the distillation loss by power iteration with torch.autograd.functional.hvp."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.autograd.functional import hvp
from torch.func import functional_call

N_KEYPOINTS, N_CLASSES = 21, 6


class KeypointMLP(nn.Module):
    def __init__(self, hidden=32):
        super().__init__()
        self.inp = nn.Linear(N_KEYPOINTS * 2, hidden)
        self.act = nn.ReLU6()
        self.hid = nn.Linear(hidden, hidden)
        self.cls = nn.Linear(hidden, N_CLASSES)

    def forward(self, kp):
        h = self.act(self.inp(kp.flatten(1)))
        h = self.act(self.hid(h))
        return self.cls(h)


class Distiller:
    def __init__(self, model, temperature=2.0):
        self.model = model
        self.T = temperature
        self.kl = nn.KLDivLoss(reduction="batchmean")

    def loss(self, logits, teacher_probs):
        return self.kl(F.log_softmax(logits / self.T, dim=-1), teacher_probs) * self.T ** 2

    def top_eigenvalue(self, kp, teacher_probs, iters=5):
        names = [n for n, _ in self.model.named_parameters()]
        params = tuple(p.detach() for p in self.model.parameters())

        def loss_of(*ps):
            logits = functional_call(self.model, dict(zip(names, ps)), (kp,))
            return self.loss(logits, teacher_probs)

        v = tuple(torch.randn_like(p) for p in params)
        eig = 0.0
        for _ in range(iters):
            norm = torch.sqrt(sum((u * u).sum() for u in v))
            v = tuple(u / norm for u in v)
            _, hv = hvp(loss_of, params, v)
            eig = sum((a * b).sum() for a, b in zip(v, hv)).item()
            v = hv
        return eig


def main():
    torch.manual_seed(0)
    model = KeypointMLP()
    distiller = Distiller(model)
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    kp = torch.randn(32, N_KEYPOINTS, 2)
    teacher_probs = torch.softmax(torch.randn(32, N_CLASSES) * 2, dim=-1)
    for epoch in range(3):
        loss = distiller.loss(model(kp), teacher_probs)
        opt.zero_grad()
        loss.backward()
        opt.step()
        sharp = distiller.top_eigenvalue(kp, teacher_probs)
        print(f"epoch {epoch} loss {loss.item():.4f} lambda_max {sharp:.4f}")


if __name__ == "__main__":
    main()
