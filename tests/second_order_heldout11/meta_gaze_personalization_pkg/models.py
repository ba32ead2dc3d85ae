import torch
import torch.nn as nn
import torch.nn.functional as F


class EyePatchNet(nn.Module):
    """Gaze regressor on 36x60 eye patches (MPIIGaze-like), AlexNet-flavoured with LRN."""

    def __init__(self, c=16):
        super().__init__()
        self.conv1 = nn.Conv2d(1, c, 5, stride=2, padding=2)
        self.lrn = nn.LocalResponseNorm(size=5, alpha=1e-4, beta=0.75, k=2.0)
        self.conv2 = nn.Conv2d(c, 2 * c, 3, stride=2, padding=1)
        self.fc = nn.Linear(2 * c + 2, 32)
        self.out = nn.Linear(32, 3)

    def features(self, eye):
        eye = F.interpolate(eye, size=(18, 30), mode="bilinear", align_corners=False)
        h = self.lrn(torch.relu(self.conv1(eye)))
        h = torch.relu(self.conv2(h))
        return h.mean(dim=(2, 3))

    def forward(self, eye, head_pose):
        z = torch.cat([self.features(eye), head_pose], dim=1)
        return self.out(torch.tanh(self.fc(z)))
