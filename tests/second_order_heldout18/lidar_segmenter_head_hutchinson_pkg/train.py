import torch
import torch.nn.functional as F

from curvature import layer_hessian_trace
from models import build_point_segmenter


def main():
    seg = build_point_segmenter()
    opt = torch.optim.Adam(seg.parameters(), lr=1e-3)
    pts, lbl = torch.randn(64, 4), torch.randint(0, 6, (64,))
    for step in range(2):
        loss = F.nll_loss(seg(pts), lbl)
        opt.zero_grad()
        loss.backward()
        opt.step()
    sens = layer_hessian_trace(seg, pts, lbl, layer_idx=4)
    bits = 8 if sens > 1.0 else 4
    print("head-block trace", sens, "bits", bits)


if __name__ == "__main__":
    main()
