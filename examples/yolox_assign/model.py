"""A tiny YOLOX-style decoupled head over three FPN levels, plus its anchor-point grids.
Only big enough to produce [B, A, 5 + C] predictions for the assigner; no backbone, no training."""
import torch
import torch.nn as nn


class TinyYOLOXHead(nn.Module):
    def __init__(self, num_classes=4, in_channels=16, strides=(8, 16, 32)):
        super().__init__()
        self.num_classes = num_classes
        self.strides = list(strides)
        self.stems = nn.ModuleList(nn.Conv2d(in_channels, in_channels, 1) for _ in self.strides)
        self.cls_preds = nn.ModuleList(nn.Conv2d(in_channels, num_classes, 1) for _ in self.strides)
        self.reg_preds = nn.ModuleList(nn.Conv2d(in_channels, 4, 1) for _ in self.strides)
        self.obj_preds = nn.ModuleList(nn.Conv2d(in_channels, 1, 1) for _ in self.strides)

    def forward(self, feats):
        outputs, grids, strides = [], [], []
        for k, x in enumerate(feats):
            x = self.stems[k](x).relu()
            out = torch.cat([self.reg_preds[k](x), self.obj_preds[k](x), self.cls_preds[k](x)], 1)
            b, c, h, w = out.shape
            yv, xv = torch.meshgrid(torch.arange(h), torch.arange(w), indexing="ij")
            grid = torch.stack((xv, yv), 2).view(1, -1, 2).float()
            out = out.flatten(2).permute(0, 2, 1)  # [B, h*w, 5 + C]
            # decode: centre offset + log size, in input pixels
            xy = (out[..., :2] + grid) * self.strides[k]
            wh = out[..., 2:4].exp() * self.strides[k]
            outputs.append(torch.cat([xy, wh, out[..., 4:]], -1))
            grids.append(grid)
            strides.append(torch.full((1, h * w), float(self.strides[k])))
        return torch.cat(outputs, 1), torch.cat(grids, 1), torch.cat(strides, 1)
