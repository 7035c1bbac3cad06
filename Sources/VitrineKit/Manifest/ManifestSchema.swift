/// The manifest's JSON Schema (2020-12), as printed by `vitrine manifest schema`. The same
/// text is docs/manifest.schema.json; a test keeps the two equal.
public enum ManifestSchema {
    public static let text = #"""
{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "https://vitrine.invalid/manifest.schema.json",
  "title": "vitrine gallery manifest",
  "description": "What vitrine scan, thumbs and select print. Schema version: the manifest's own 'schema' field, vitrine-manifest/3.",
  "type": "object",
  "required": ["schema", "generator", "direction", "cyclic", "items", "errors"],
  "additionalProperties": false,
  "properties": {
    "schema": { "const": "vitrine-manifest/3" },
    "generator": { "type": "string", "pattern": "^vitrine " },
    "direction": { "enum": ["horizontal", "vertical"] },
    "gap": { "type": "integer", "minimum": 0, "maximum": 10000 },
    "cyclic": { "type": "boolean" },
    "initialIndex": { "type": "integer", "minimum": 0 },
    "title": { "type": "string", "minLength": 1 },
    "description": { "$ref": "#/$defs/caption" },
    "folders": { "type": "array", "items": { "$ref": "#/$defs/folder" } },
    "albums": { "type": "array", "minItems": 1, "items": { "$ref": "#/$defs/album" } },
    "partial": {
      "type": "object",
      "required": ["shard", "order", "reverse", "initialIndex"],
      "additionalProperties": false,
      "properties": {
        "shard": { "type": "string", "pattern": "^[1-9][0-9]*/[1-9][0-9]*$" },
        "order": { "enum": ["name", "natural", "date", "mtime", "none", "sidecar", "captions"] },
        "reverse": { "type": "boolean" },
        "initialIndex": { "type": "integer", "minimum": 0 },
        "albumOrder": { "enum": ["name", "natural", "date"] },
        "reverseAlbums": { "type": "boolean" },
        "dropped": {
          "type": "array",
          "items": {
            "type": "object",
            "required": ["id", "sortKey"],
            "additionalProperties": false,
            "properties": {
              "id": { "$ref": "#/$defs/id" },
              "album": { "$ref": "#/$defs/albumID" },
              "takenAt": { "type": "string" },
              "sortKey": { "$ref": "#/$defs/sortKey" }
            }
          }
        }
      }
    },
    "items": { "type": "array", "items": { "$ref": "#/$defs/item" } },
    "errors": { "type": "array", "items": { "$ref": "#/$defs/error" } },
    "sheets": { "type": "array", "items": { "$ref": "#/$defs/contactSheet" } }
  },
  "$defs": {
    "id": { "type": "string", "pattern": "^[a-z0-9]+(-[a-z0-9]+)*(/[a-z0-9]+(-[a-z0-9]+)*)*$" },
    "relativePath": { "type": "string", "minLength": 1, "not": { "pattern": "(^/)|(^|/)\\.\\.(/|$)" } },
    "item": {
      "type": "object",
      "required": ["id", "index", "position", "kind", "width", "height"],
      "additionalProperties": false,
      "properties": {
        "id": { "$ref": "#/$defs/id" },
        "index": { "type": "integer", "minimum": 0 },
        "album": { "$ref": "#/$defs/albumID" },
        "position": { "type": "string", "pattern": "^[0-9]+ of [0-9]+$" },
        "kind": { "enum": ["image", "video", "custom"] },
        "format": { "type": "string", "minLength": 1 },
        "width": { "type": "integer", "minimum": 1 },
        "height": { "type": "integer", "minimum": 1 },
        "orientation": { "type": "integer" },
        "takenAt": { "type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}$" },
        "camera": {
          "type": "object",
          "minProperties": 1,
          "additionalProperties": false,
          "properties": {
            "make": { "type": "string", "minLength": 1 },
            "model": { "type": "string", "minLength": 1 },
            "lens": { "type": "string", "minLength": 1 }
          }
        },
        "exposure": {
          "type": "object",
          "minProperties": 1,
          "additionalProperties": false,
          "properties": {
            "time": { "type": "string", "pattern": "^(1/)?[0-9]+(\\.[0-9])?$" },
            "aperture": { "type": "number", "exclusiveMinimum": 0 },
            "iso": { "type": "integer", "minimum": 1 },
            "focalLength": { "type": "number", "exclusiveMinimum": 0 },
            "focalLength35mm": { "type": "integer", "minimum": 1 }
          }
        },
        "pages": { "type": "integer", "minimum": 2 },
        "hasAlpha": { "const": true },
        "damaged": { "const": true },
        "duration": { "type": "number", "minimum": 0 },
        "durationLabel": { "type": "string", "pattern": "^([0-9]+:[0-5][0-9]:[0-5][0-9]|[0-9]+:[0-5][0-9])$" },
        "codec": { "type": "string" },
        "fps": { "type": "number", "minimum": 0 },
        "hasAudio": { "type": "boolean" },
        "source": { "$ref": "#/$defs/source" },
        "placeholder": {
          "type": "object",
          "minProperties": 1,
          "additionalProperties": false,
          "properties": {
            "thumbhash": { "type": "string", "pattern": "^[A-Za-z0-9+/]+={0,2}$" },
            "blurhash": { "type": "string", "pattern": "^[0-9A-Za-z#$%*+,\\-.:;=?@\\[\\]^_{|}~]{6,}$" }
          }
        },
        "renditions": { "type": "array", "items": { "$ref": "#/$defs/rendition" } },
        "tiles": { "$ref": "#/$defs/tiles" },
        "zoom": { "$ref": "#/$defs/zoom" },
        "prev": { "$ref": "#/$defs/id" },
        "next": { "$ref": "#/$defs/id" },
        "selection": { "type": "integer", "minimum": 1 },
        "sortKey": { "$ref": "#/$defs/sortKey" },
        "caption": { "$ref": "#/$defs/caption" },
        "title": { "type": "string", "minLength": 1 },
        "keywords": { "type": "array", "minItems": 1, "uniqueItems": true, "items": { "type": "string", "minLength": 1 } },
        "location": { "$ref": "#/$defs/location" },
        "rating": { "enum": [-1, 1, 2, 3, 4, 5] },
        "sheet": { "$ref": "#/$defs/videoSheet" },
        "media": { "type": "array", "items": { "$ref": "#/$defs/webVideo" } },
        "coding": { "$ref": "#/$defs/videoCoding" },
        "motion": { "$ref": "#/$defs/motion" },
        "raw": { "$ref": "#/$defs/raw" },
        "hdr": { "enum": ["pq", "hlg"] },
        "original": { "$ref": "#/$defs/mediaCopy" },
        "view": { "type": "object" }
      },
      "if": { "properties": { "kind": { "const": "custom" } } },
      "then": { "not": { "required": ["format"] } },
      "else": { "required": ["format", "source"], "not": { "required": ["view"] } }
    },
    "source": {
      "type": "object",
      "required": ["path", "bytes"],
      "additionalProperties": false,
      "properties": {
        "path": { "type": "string", "minLength": 1 },
        "bytes": { "type": "integer", "minimum": 0 },
        "url": { "type": "string", "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://[^\\s]+$" },
        "sha256": { "type": "string", "pattern": "^[0-9a-f]{64}$" },
        "pathBytes": { "type": "string", "minLength": 1, "pattern": "^[A-Za-z0-9+/]+={0,2}$" }
      }
    },
    "webVideo": {
      "type": "object",
      "required": ["path", "mime", "width", "height", "bytes", "method"],
      "additionalProperties": false,
      "properties": {
        "path": { "$ref": "#/$defs/relativePath" },
        "mime": { "type": "string", "pattern": "^video/[a-z0-9.+-]+$" },
        "codecs": { "type": "string", "minLength": 1 },
        "width": { "type": "integer", "minimum": 1 },
        "height": { "type": "integer", "minimum": 1 },
        "bytes": { "type": "integer", "minimum": 0 },
        "method": { "enum": ["copy", "remux", "remux-audio", "transcode"] }
      }
    },
    "videoCoding": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "profile": { "type": "string" },
        "level": { "type": "integer" },
        "pixelFormat": { "type": "string" },
        "audioCodec": { "type": "string" },
        "audioProfile": { "type": "string" },
        "sampleAspectRatio": { "type": "string", "pattern": "^[0-9]+:[0-9]+$" }
      }
    },
    "mediaCopy": {
      "type": "object",
      "required": ["path", "bytes"],
      "additionalProperties": false,
      "properties": {
        "path": { "$ref": "#/$defs/relativePath" },
        "bytes": { "type": "integer", "minimum": 0 }
      }
    },
    "raw": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "preview": {
          "type": "object",
          "required": ["width", "height"],
          "additionalProperties": false,
          "properties": { "width": { "type": "integer", "minimum": 1 }, "height": { "type": "integer", "minimum": 1 } }
        },
        "sensorData": { "const": false },
        "method": { "enum": ["preview", "develop"] },
        "width": { "type": "integer", "minimum": 1 },
        "height": { "type": "integer", "minimum": 1 },
        "source": { "$ref": "#/$defs/source" },
        "original": { "$ref": "#/$defs/mediaCopy" }
      }
    },
    "motion": {
      "type": "object",
      "required": ["kind", "width", "height", "codec", "hasAudio"],
      "additionalProperties": false,
      "properties": {
        "kind": { "enum": ["live-photo", "motion-photo"] },
        "source": { "$ref": "#/$defs/source" },
        "offset": { "type": "integer", "minimum": 0 },
        "length": { "type": "integer", "minimum": 1 },
        "duration": { "type": "number", "minimum": 0 },
        "width": { "type": "integer", "minimum": 1 },
        "height": { "type": "integer", "minimum": 1 },
        "codec": { "type": "string" },
        "coding": { "$ref": "#/$defs/videoCoding" },
        "hdr": { "enum": ["pq", "hlg"] },
        "hasAudio": { "type": "boolean" },
        "media": { "type": "array", "items": { "$ref": "#/$defs/webVideo" } }
      }
    },
    "sortKey": {
      "type": "object",
      "required": ["input", "path", "walk"],
      "additionalProperties": false,
      "properties": {
        "input": { "type": "integer", "minimum": 0 },
        "path": { "type": "string", "minLength": 1 },
        "walk": { "type": "integer", "minimum": 0 },
        "mtime": { "type": "number" },
        "orders": { "type": "array", "items": { "type": ["string", "null"] } },
        "captions": { "type": "integer", "minimum": 0 }
      }
    },
    "caption": {
      "type": "object",
      "required": ["style", "source"],
      "additionalProperties": false,
      "properties": {
        "style": { "enum": ["plain", "markup", "custom"] },
        "text": { "type": "string" },
        "markup": { "type": "string" },
        "custom": { "type": "object" },
        "source": { "enum": ["file", "sidecar", "xmp", "iptc", "exif", "filename"] }
      },
      "allOf": [
        { "if": { "properties": { "style": { "const": "plain" } } },
          "then": { "required": ["text"], "not": { "anyOf": [{ "required": ["markup"] }, { "required": ["custom"] }] } } },
        { "if": { "properties": { "style": { "const": "markup" } } },
          "then": { "required": ["text", "markup"], "not": { "required": ["custom"] } } },
        { "if": { "properties": { "style": { "const": "custom" } } },
          "then": { "required": ["custom"], "not": { "anyOf": [{ "required": ["text"] }, { "required": ["markup"] }] } } }
      ]
    },
    "location": {
      "type": "object",
      "minProperties": 1,
      "additionalProperties": false,
      "properties": {
        "name": { "type": "string", "minLength": 1 },
        "latitude": { "type": "number", "minimum": -90, "maximum": 90 },
        "longitude": { "type": "number", "minimum": -180, "maximum": 180 },
        "altitude": { "type": "number" }
      },
      "dependentRequired": { "latitude": ["longitude"], "longitude": ["latitude"], "altitude": ["latitude"] }
    },
    "albumID": { "type": "string", "pattern": "^([a-z0-9]+(-[a-z0-9]+)*(/[a-z0-9]+(-[a-z0-9]+)*)*)?$" },
    "album": {
      "type": "object",
      "required": ["id", "path", "children"],
      "additionalProperties": false,
      "properties": {
        "id": { "$ref": "#/$defs/albumID" },
        "path": { "type": "string", "not": { "pattern": "(^/)|(^|/)\\.\\.(/|$)" } },
        "title": { "type": "string", "minLength": 1 },
        "description": { "$ref": "#/$defs/caption" },
        "cover": { "$ref": "#/$defs/id" },
        "parent": { "$ref": "#/$defs/albumID" },
        "children": { "type": "array", "items": { "$ref": "#/$defs/albumID" } },
        "items": { "type": "array", "items": { "$ref": "#/$defs/id" } },
        "itemCount": { "type": "integer", "minimum": 0 },
        "totalItemCount": { "type": "integer", "minimum": 0 },
        "dates": {
          "type": "object",
          "required": ["first", "last"],
          "additionalProperties": false,
          "properties": { "first": { "type": "string" }, "last": { "type": "string" } }
        },
        "order": { "type": "string" },
        "thumbnail": { "$ref": "#/$defs/id" }
      }
    },
    "folder": {
      "type": "object",
      "required": ["path"],
      "additionalProperties": false,
      "properties": {
        "path": { "type": "string", "minLength": 1 },
        "title": { "type": "string", "minLength": 1 },
        "description": { "$ref": "#/$defs/caption" },
        "order": { "type": "string" },
        "thumbnail": { "$ref": "#/$defs/id" }
      }
    },
    "rendition": {
      "type": "object",
      "required": ["role", "path", "width", "height", "format", "box", "fit", "scale", "bytes"],
      "additionalProperties": false,
      "properties": {
        "role": { "type": "string" },
        "path": { "$ref": "#/$defs/relativePath" },
        "width": { "type": "integer", "minimum": 1 },
        "height": { "type": "integer", "minimum": 1 },
        "format": { "enum": ["jpeg", "webp", "avif", "png"] },
        "box": { "type": "string", "pattern": "^([0-9]+x[0-9]+|[0-9]+|x[0-9]+)$" },
        "fit": { "enum": ["fit", "fill"] },
        "scale": { "type": "integer", "minimum": 1 },
        "bytes": { "type": "integer", "minimum": 0 }
      }
    },
    "tiles": {
      "type": "object",
      "required": ["layout", "container", "path", "tileSize", "overlap", "levels", "format"],
      "additionalProperties": false,
      "properties": {
        "layout": { "enum": ["dz", "iiif", "iiif3", "zoomify", "google"] },
        "container": { "enum": ["fs", "zip"] },
        "path": { "$ref": "#/$defs/relativePath" },
        "entry": { "$ref": "#/$defs/relativePath" },
        "id": { "type": "string", "pattern": "^https?://[^/?#\\s]+(/[^?#\\s]*)?[^/?#\\s]$" },
        "tileSize": { "type": "integer", "minimum": 1, "maximum": 8192 },
        "overlap": { "type": "integer", "minimum": 0 },
        "levels": { "type": "integer", "minimum": 1 },
        "format": { "enum": ["jpeg", "webp", "png"] }
      },
      "allOf": [
        { "if": { "properties": { "container": { "const": "zip" } } },
          "then": { "required": ["entry"] }, "else": { "not": { "required": ["entry"] } } },
        { "if": { "properties": { "layout": { "enum": ["iiif", "iiif3"] } } },
          "then": { "required": ["id"] }, "else": { "not": { "required": ["id"] } } }
      ]
    },
    "zoom": {
      "type": "object",
      "required": ["enabled", "minScale", "maxScale", "doubleTap", "aboveOriginal"],
      "additionalProperties": false,
      "properties": {
        "enabled": { "type": "boolean" },
        "minScale": { "type": "number", "exclusiveMinimum": 0, "maximum": 1 },
        "maxScale": { "type": "number", "minimum": 1 },
        "doubleTap": { "enum": ["zoom", "none", "custom"] },
        "doubleTapScale": { "type": "number", "exclusiveMinimum": 0 },
        "aboveOriginal": { "type": "boolean" }
      },
      "if": { "properties": { "doubleTap": { "const": "none" } } },
      "then": { "not": { "required": ["doubleTapScale"] } },
      "else": { "required": ["doubleTapScale"] }
    },
    "contactSheet": {
      "type": "object",
      "required": ["path", "page", "width", "height", "items"],
      "additionalProperties": false,
      "properties": {
        "path": { "$ref": "#/$defs/relativePath" },
        "page": { "type": "integer", "minimum": 1 },
        "width": { "type": "integer", "minimum": 1 },
        "height": { "type": "integer", "minimum": 1 },
        "items": { "type": "array", "items": { "$ref": "#/$defs/id" } },
        "album": { "$ref": "#/$defs/albumID" }
      }
    },
    "videoSheet": {
      "type": "object",
      "required": ["path", "width", "height", "frames", "times"],
      "additionalProperties": false,
      "properties": {
        "path": { "$ref": "#/$defs/relativePath" },
        "width": { "type": "integer", "minimum": 1 },
        "height": { "type": "integer", "minimum": 1 },
        "frames": { "type": "integer", "minimum": 1 },
        "times": { "type": "array", "minItems": 1, "items": { "type": "number", "minimum": 0 } }
      }
    },
    "error": {
      "type": "object",
      "required": ["path", "message", "reason"],
      "additionalProperties": false,
      "properties": {
        "path": { "type": "string" },
        "message": { "type": "string", "pattern": "^[^\\n]*$" },
        "reason": { "enum": ["unreadable", "unsupported", "too-large", "timeout", "crashed", "not-found", "permission", "loop", "damaged", "write", "network", "changed"] },
        "setting": { "enum": ["max-pixels", "max-memory", "timeout", "net-timeout", "net-deadline", "max-download"] }
      }
    }
  }
}
"""#
}

extension ManifestSchema {
    /// ``text`` compiled, once per process: what `vitrine manifest validate` checks manifests
    /// against. It is a constant of the program (a test loads it), so failing to load it is a
    /// bug, not an input error.
    public static let compiled: JSONSchema = {
        do { return try JSONSchema(text) } catch { preconditionFailure("the manifest schema does not load: \(error)") }
    }()
}
