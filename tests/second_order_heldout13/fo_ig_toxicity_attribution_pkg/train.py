"""Train the toxicity classifier with clipped gradients, log per-layer gradient norms, and attribute."""
import torch
import torch.nn.functional as F

from attribution import grad_norms, integrated_gradients
from models import MODELS


def main(steps=2):
    clf = MODELS["fp_mlp"](n_bits=64, n_desc=8)
    opt = torch.optim.AdamW(clf.parameters(), lr=1e-3, weight_decay=1e-4)
    for step in range(steps):
        fp = (torch.rand(16, 64) > 0.8).float()
        desc = torch.randn(16, 8)
        y = (torch.rand(16, 3) > 0.5).float()
        loss = F.binary_cross_entropy_with_logits(clf(fp, desc), y)
        opt.zero_grad()
        loss.backward()
        norms = grad_norms(clf)
        torch.nn.utils.clip_grad_norm_(clf.parameters(), max_norm=1.0)
        opt.step()
        print(step, loss.item(), max(norms.values()))
    clf.eval()
    attr = integrated_gradients(clf, fp[:2], desc[:2], task=0, create_graph=False)
    with torch.no_grad():
        probs = torch.sigmoid(clf(fp, desc))
    print(attr.abs().sum(1), probs.mean().item())


if __name__ == "__main__":
    main()
